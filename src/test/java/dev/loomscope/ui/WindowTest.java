package dev.loomscope.ui;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that starts JavaFX's toolkit (or whole windows in JVMs of their own). Such tests
 * share the one toolkit a JVM can have, so pom.xml runs them (the "window" tag) in a JVM of their
 * own, one at a time; every other test, the window's plain logic included, runs side by side in
 * the main test JVM.
 * {@code WindowTestTagTest} fails for a class that starts the toolkit without it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("window")
@ResourceLock(WindowTest.TOOLKIT)
public @interface WindowTest {

    /** The lock that keeps window test classes one at a time in the test JVM. */
    String TOOLKIT = "dev.loomscope.javafx-toolkit";
}
