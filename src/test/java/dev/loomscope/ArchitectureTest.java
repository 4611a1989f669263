package dev.loomscope;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The packages' layers, checked on the compiled classes: a fully qualified name counts as much as
 * an import. Production classes only. From the bottom, each layer using only those below it:
 *
 * <pre>
 *   text              every sentence shown or printed (resource bundles): any layer may read it, it reads nothing of theirs
 *   io                files written whole or not at all (the runner, the observer, the CLI and the window write through it)
 *   protocol          the wire format
 *   scenario, result  what the runner, the CLI and the window share
 *   web               the HTTP service and its load generator
 *   runner            the child JVM
 *   launcher          starts runner JVMs (the parent side)
 *   model, bench      runs as the window and the benchmarks see them
 *                     (model.observe: what an observer saw of a running JVM;
 *                      model.observe.view: its summary and figures as the window shows them)
 *   attach            observes a running JVM (Attach API, JMX, JFR streamed remotely) into model.observe
 *   cli               the command line
 *   ui                the window, the only JavaFX code
 * </pre>
 */
class ArchitectureTest {

    /** Where the production classes were compiled to: scanning every jar on the class path for them takes seconds. */
    private static final JavaClasses PRODUCTION = importProduction();

    private static JavaClasses importProduction() {
        try {
            return new ClassFileImporter().importPath(Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every rule below, by its field's name. A JUnit Jupiter test, not ArchUnit's own engine: that engine ran after
     * Jupiter's, alone at the suite's end, while Jupiter runs this class beside the others.
     */
    static Stream<Arguments> rules() {
        return Arrays.stream(ArchitectureTest.class.getDeclaredFields()).filter(field -> field.getType() == ArchRule.class)
                .filter(field -> Modifier.isStatic(field.getModifiers())).map(field -> {
                    try {
                        return Arguments.of(field.getName(), field.get(null));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void holds(String name, ArchRule rule) {
        rule.check(PRODUCTION);
    }

    static final ArchRule onlyTheUiTouchesJavaFx = noClasses().that().resideOutsideOfPackage("dev.loomscope.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "atlantafx..", "org.kordamp.ikonli..")
            .because("the engine, the CLI and the runner JVMs run headless, without JavaFX on their module path");

    static final ArchRule theRunnerJvmNeedsNothingOfTheParentSide = noClasses().that().resideInAPackage("dev.loomscope.runner..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.launcher..", "dev.loomscope.model..", "dev.loomscope.ui..",
                    "dev.loomscope.cli..", "dev.loomscope.bench..")
            .because("the runner JVM loads only what a run needs: the parent's classes would cost its start-up and its measurements");

    static final ArchRule filesAreWrittenByTheJdkAlone = noClasses().that().resideInAPackage("dev.loomscope.io..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.protocol..", "dev.loomscope.scenario..", "dev.loomscope.result..",
                    "dev.loomscope.web..", "dev.loomscope.runner..", "dev.loomscope.launcher..", "dev.loomscope.model..", "dev.loomscope.bench..",
                    "dev.loomscope.attach..", "dev.loomscope.clip..", "dev.loomscope.cli..", "dev.loomscope.ui..")
            .because("everything that writes a user's file uses it, the runner JVM included: it stands below them all");

    static final ArchRule theWireFormatIsTheLowestLayer = noClasses().that().resideInAPackage("dev.loomscope.protocol..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.scenario..", "dev.loomscope.result..", "dev.loomscope.web..",
                    "dev.loomscope.runner..", "dev.loomscope.launcher..", "dev.loomscope.model..", "dev.loomscope.ui..", "dev.loomscope.cli..",
                    "dev.loomscope.bench..")
            .because("both sides of the process boundary read and write it");

    static final ArchRule theSharedVocabularyKnowsNeitherSideOfTheProcessBoundary = noClasses()
            .that().resideInAnyPackage("dev.loomscope.protocol..", "dev.loomscope.scenario..", "dev.loomscope.result..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.launcher..", "dev.loomscope.runner..", "dev.loomscope.model..",
                    "dev.loomscope.ui..", "dev.loomscope.cli..", "dev.loomscope.bench..", "dev.loomscope.web..")
            .because("scenarios and results are what the runner, the CLI and the window share");

    static final ArchRule theWebServiceStandsOnItsOwn = noClasses().that().resideInAPackage("dev.loomscope.web..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.model..", "dev.loomscope.ui..", "dev.loomscope.launcher..",
                    "dev.loomscope.cli..", "dev.loomscope.bench..")
            .because("the runner JVM serves it, and `loomscope serve` runs it without a window");

    static final ArchRule clipsAreWrittenByTheJdkAlone = noClasses().that().resideInAPackage("dev.loomscope.clip..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.ui..", "dev.loomscope.model..", "dev.loomscope.launcher..",
                    "dev.loomscope.runner..", "dev.loomscope.cli..")
            .because("a GIF or a PNG sequence is pixels in, a file out: javax.imageio and nothing of the window");

    static final ArchRule theModelIsFreeOfTheWindowAndTheCommandLine = noClasses().that().resideInAPackage("dev.loomscope.model..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.ui..", "dev.loomscope.cli..")
            .because("the model is tested and used without a toolkit; the window and the CLI build on it");

    static final ArchRule theObservationModelStandsOnItsOwn = noClasses().that().resideInAPackage("dev.loomscope.model.observe..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.attach..", "dev.loomscope.launcher..", "dev.loomscope.runner..",
                    "dev.loomscope.ui..", "dev.loomscope.cli..", "dev.loomscope.bench..", "com.sun.tools.attach..", "javax.management..",
                    "jdk.management..", "jdk.jfr..")
            .because("the window and the tests read an observation without a live JVM: the observer writes it, the model knows no means");

    static final ArchRule theObserverKnowsNeitherFaceOfTheApp = noClasses().that().resideInAPackage("dev.loomscope.attach..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.ui..", "dev.loomscope.cli..", "dev.loomscope.launcher..",
                    "dev.loomscope.runner..", "dev.loomscope.bench..")
            .because("the window and the command line both observe through it");

    static final ArchRule recordingsAreReadWithoutAFaceOrALiveJvm = noClasses().that().resideInAPackage("dev.loomscope.recording..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.ui..", "dev.loomscope.cli..", "dev.loomscope.attach..",
                    "dev.loomscope.launcher..", "dev.loomscope.runner..", "dev.loomscope.bench..")
            .because("a file from elsewhere is read the same for the window and the command line, with no JVM to reach");

    static final ArchRule onlyTheObserverAttaches = noClasses().that().resideOutsideOfPackage("dev.loomscope.attach..")
            .should().dependOnClassesThat().resideInAnyPackage("com.sun.tools.attach..", "jdk.management.jfr..")
            .because("attaching and remote recordings are opened and closed in one place, so none is left behind in a target");

    static final ArchRule theObservationsFiguresReadOnlyTheObservation = noClasses().that().resideInAPackage("dev.loomscope.model.observe.view..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomscope.model", "dev.loomscope.model.window..", "dev.loomscope.attach..",
                    "dev.loomscope.launcher..", "dev.loomscope.runner..", "dev.loomscope.ui..", "dev.loomscope.cli..", "dev.loomscope.bench..")
            .because("the window's exports and figures of an observation are computed from its snapshot alone, and tested without a JVM");

    static final ArchRule theWindowObservesThroughOnePackage = noClasses().that().resideInAPackage("dev.loomscope.ui..")
            .and().resideOutsideOfPackage("dev.loomscope.ui.observe..")
            .should().dependOnClassesThat().resideInAPackage("dev.loomscope.attach..")
            .because("attaching, thread dumps and stopping block: ui.observe runs them off the FX thread, in one place");

    static final ArchRule onlyTheCommandLinesPrint = noClasses().that().resideOutsideOfPackages("dev.loomscope.cli..", "dev.loomscope.ui.app..")
            .and().doNotHaveFullyQualifiedName(Main.class.getName())
            .and().doNotHaveFullyQualifiedName("dev.loomscope.bench.PlainProgram")
            .and().doNotHaveFullyQualifiedName("dev.loomscope.runner.RunnerMain")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
            .because("what a user reads comes from the command lines (cli, and ui.app for `loomscope window`), in the bundles' words; "
                    + "the rest reports through them (PlainProgram is a stand-alone program a benchmark starts, its stdout its answer; RunnerMain's stderr is read by the launcher, which says why a runner ended)");

    static final ArchRule theWordsStandBelowEveryLayer = noClasses().that().resideInAPackage("dev.loomscope.text..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.loomscope.text..", "java..")
            .because("every layer, the runner JVM's included, may read the bundles");

    static final ArchRule theBundlesAreReadInOnePlace = noClasses().that().resideOutsideOfPackage("dev.loomscope.text..")
            .should().callMethod(java.util.ResourceBundle.class, "getBundle", String.class)
            .because("dev.loomscope.text.Text is the one source of every sentence, for every layer");

    static final ArchRule caseIsChangedTheSameOnEveryMachine = noClasses().should().callMethod(String.class, "toLowerCase")
            .orShould().callMethod(String.class, "toUpperCase")
            .because("in the machine's locale a Turkish one lowers \"INFO\" to \"\u0131nfo\": an action's bundle key, an outcome's word, "
                    + "a command's choice would not be found; Locale.ROOT says which case change is meant");

    static final ArchRule topLevelPackagesHaveNoCycles = slices().matching("dev.loomscope.(*)..").should().beFreeOfCycles();

    /** Every package on its own, the window's feature packages included (shell, views, charts, replay...). */
    static final ArchRule noPackageAtAnyLevelIsInACycle = slices().matching("dev.loomscope.(**)").should().beFreeOfCycles();
}
