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
 * A test that starts JavaFX's toolkit without a mark would run beside another window test, sharing the toolkit: the
 * marks' locks keep them apart. A {@link StageGeometryTest} runs beside the {@link WindowTest}s, so it must keep its promise.
 */
class WindowTestTagTest {

    private static final DescribedPredicate<JavaClass> MARKED = DescribedPredicate.describe("marked WindowTest or StageGeometryTest",
            type -> type.isAnnotatedWith(WindowTest.class) || type.isAnnotatedWith(StageGeometryTest.class));

    @Test
    void everyTestThatStartsTheToolkitIsAWindowTest() throws URISyntaxException {
        var tests = testClasses();
        noClasses().that(are(DescribedPredicate.not(MARKED))).and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .should().callMethod(Fx.class, "startToolkit").orShould().callMethod(Platform.class, "startup", Runnable.class)
                .because("the tests that start the toolkit share it, and the marks' locks keep them one class at a time in each lane")
                .check(tests);
        // HeadlessWindow starts the toolkit for the tests that register it.
        noClasses().that(are(DescribedPredicate.not(MARKED))).and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .should().callConstructor(HeadlessWindow.class)
                .because("a HeadlessWindow starts the toolkit, and the marks' locks keep its tests one class at a time in each lane")
                .check(tests);
    }

    @Test
    void stageGeometryTestsStartNoJvmAndChangeNothingEveryWindowShares() throws URISyntaxException {
        noClasses().that().areAnnotatedWith(StageGeometryTest.class)
                .should().dependOnClassesThat().belongToAnyOf(TestJvms.class, JvmLauncher.class, ProcessBuilder.class, Themes.class)
                .orShould().callMethod(Application.class, "setUserAgentStylesheet", String.class)
                .because("they run beside the other window tests: a JVM of theirs would wait on a busy machine, and a theme is every window's")
                .check(testClasses());
    }

    /** The test classes' folder alone: scanning the class path for the package takes seconds. */
    private static com.tngtech.archunit.core.domain.JavaClasses testClasses() throws URISyntaxException {
        return new ClassFileImporter().importPath(Path.of(Fx.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
    }
}
