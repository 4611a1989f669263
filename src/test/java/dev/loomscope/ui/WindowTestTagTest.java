package dev.loomscope.ui;

import static com.tngtech.archunit.lang.conditions.ArchPredicates.are;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.testing.TestJvms;
import dev.loomscope.ui.theme.Themes;
import java.net.URISyntaxException;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;

/**
 * A test that starts JavaFX's toolkit without the mark would run beside any window test, sharing the toolkit: the
 * mark's lane lock keeps them one class at a time per lane. The geometry and reading lanes' classes must keep their promises.
 */
class WindowTestTagTest {

    private static final DescribedPredicate<JavaClass> MARKED = DescribedPredicate.describe("marked WindowTest",
            type -> type.isAnnotatedWith(WindowTest.class));
    private static final DescribedPredicate<JavaClass> GEOMETRY = DescribedPredicate.describe("in the window tests' geometry lane",
            type -> type.tryGetAnnotationOfType(WindowTest.class).map(mark -> mark.lane() == WindowTest.Lane.GEOMETRY).orElse(false));
    private static final DescribedPredicate<JavaClass> READING = DescribedPredicate.describe("in the window tests' reading lane",
            type -> type.tryGetAnnotationOfType(WindowTest.class).map(mark -> mark.lane() == WindowTest.Lane.READING).orElse(false));

    @Test
    void everyTestThatStartsTheToolkitIsAWindowTest() throws URISyntaxException {
        var tests = testClasses();
        noClasses().that(are(DescribedPredicate.not(MARKED))).and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .should().callMethod(Fx.class, "startToolkit").orShould().callMethod(Platform.class, "startup", Runnable.class)
                .because("the tests that start the toolkit share it, and the lane locks keep them one class at a time in each lane")
                .check(tests);
        // HeadlessWindow starts the toolkit for the tests that register it.
        noClasses().that(are(DescribedPredicate.not(MARKED))).and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .should().callConstructor(HeadlessWindow.class)
                .because("a HeadlessWindow starts the toolkit, and the lane locks keep its tests one class at a time in each lane")
                .check(tests);
    }

    @Test
    void geometryLaneTestsStartNoJvmAndChangeNothingEveryWindowShares() throws URISyntaxException {
        noClasses().that(GEOMETRY)
                .should().dependOnClassesThat().belongToAnyOf(TestJvms.class, JvmLauncher.class, ProcessBuilder.class, Themes.class)
                .orShould().callMethod(Application.class, "setUserAgentStylesheet", String.class)
                .because("they run beside the other lanes: a JVM of theirs would wait on a busy machine, and a theme is every window's")
                .check(testClasses());
    }

    @Test
    void readingLaneTestsChangeNothingEveryWindowShares() throws URISyntaxException {
        noClasses().that(READING)
                .should().dependOnClassesThat().belongToAnyOf(Themes.class)
                .orShould().callMethod(Application.class, "setUserAgentStylesheet", String.class)
                .because("they run beside the other lanes, and a theme is every window's")
                .check(testClasses());
    }

    /** The test classes' folder alone (scanning the class path for the package takes seconds), imported once for the three checks. */
    private static synchronized com.tngtech.archunit.core.domain.JavaClasses testClasses() throws URISyntaxException {
        if (imported == null) {
            imported = new ClassFileImporter().importPath(Path.of(Fx.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        }
        return imported;
    }

    private static com.tngtech.archunit.core.domain.JavaClasses imported;
}
