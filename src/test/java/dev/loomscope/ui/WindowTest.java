package dev.loomscope.ui;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

/**
 * A test class that starts JavaFX's toolkit (or whole windows in JVMs of their own). Such tests
 * share the one toolkit, and its one FX thread, a JVM can have. Each class holds the lock of its
 * {@link #lane()}: one class at a time in each lane, the lanes beside each other and beside
 * the other test classes (which run side by side). In one lane, one after another, they were the
 * suite's longest path (80 s of a 100 s verify on 2 cores). The tag "window" lets them be picked
 * alone ({@code -Dloomscope.tests=window}). {@code WindowTestTagTest} fails for a class that starts
 * the toolkit without the mark, and holds the geometry and reading lanes to what they promise.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("window")
@ResourceLock(providers = WindowTest.Lanes.class)
public @interface WindowTest {

    Lane lane() default Lane.WINDOW;

    /**
     * Which window tests may run at the same time. Not more lanes than these three: every lane's windows
     * share the one FX thread, and with five window classes at once on a busy machine, a test's wait for
     * three pulses once ran out after 10 s.
     */
    enum Lane {
        /** The window on runs, which its tests drive. */
        WINDOW,
        /**
         * Windows laid out and measured, played by a fake runner: no JVM started, and nothing that
         * every window shares changed (the user-agent stylesheet, a theme).
         */
        GEOMETRY,
        /**
         * The window on files read and JVMs observed: its reader and target JVMs mostly wait, and it
         * changes nothing that every window shares. Beside the window on runs, as the longest lane
         * was the suite's longest path (after the others ended, 20 s of a 100 s verify).
         */
        READING
    }

    /** The lock of each class's lane. */
    final class Lanes implements ResourceLocksProvider {
        @Override
        public Set<Lock> provideForClass(Class<?> testClass) {
            WindowTest mark = testClass.getAnnotation(WindowTest.class);
            return Set.of(new Lock("dev.loomscope.javafx-lane-" + (mark == null ? Lane.WINDOW : mark.lane())));
        }
    }
}
