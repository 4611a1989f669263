package dev.loomscope.ui;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that starts JavaFX's toolkit (or whole windows in JVMs of their own). Such tests
 * share the one toolkit a JVM can have: they hold one lock, so they run one class at a time, beside
 * the other test classes (which run side by side). The tag "window" lets them be picked alone
 * ({@code -Dloomscope.tests=window}). {@code WindowTestTagTest} fails for a class that starts the toolkit without it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("window")
@ResourceLock(WindowTest.TOOLKIT)
public @interface WindowTest {

    /** The lock that keeps window test classes one at a time in the test JVM. */
    String TOOLKIT = "dev.loomscope.javafx-toolkit";
}
