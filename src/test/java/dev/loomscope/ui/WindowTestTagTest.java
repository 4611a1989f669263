package dev.loomscope.ui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;

/** A test that starts JavaFX's toolkit without the mark would run beside another window test, sharing the toolkit: the mark's lock keeps them apart. */
class WindowTestTagTest {

    @Test
    void everyTestThatStartsTheToolkitIsAWindowTest() throws URISyntaxException {
        // The test classes' folder alone: scanning the class path for the package takes seconds.
        var tests = new ClassFileImporter().importPath(Path.of(Fx.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        noClasses().that().areNotAnnotatedWith(WindowTest.class).and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .should().callMethod(Fx.class, "startToolkit").orShould().callMethod(Platform.class, "startup", Runnable.class)
                .because("the tests that start the toolkit share it, and the WindowTest lock keeps them one class at a time")
                .check(tests);
        // HeadlessWindow starts the toolkit for the tests that register it.
        noClasses().that().areNotAnnotatedWith(WindowTest.class).and().doNotHaveFullyQualifiedName(HeadlessWindow.class.getName())
                .and().doNotHaveFullyQualifiedName(Fx.class.getName())
                .should().callConstructor(HeadlessWindow.class)
                .because("a HeadlessWindow starts the toolkit, and the WindowTest lock keeps its tests one class at a time")
                .check(tests);
    }
}
