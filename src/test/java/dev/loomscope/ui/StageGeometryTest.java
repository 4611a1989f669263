package dev.loomscope.ui;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A window test that lays out windows of its own, played by a fake runner, and measures them: it
 * starts no JVM, and changes nothing all windows share (the user-agent stylesheet, a theme). Such
 * classes hold a lock of their own instead of {@link WindowTest}'s, so they run one at a time beside
 * the other window tests, taking turns with them on the one FX thread, rather than after them in one
 * chain: that chain was the suite's longest path. Tagged "window" like the rest.
 * {@code WindowTestTagTest} holds these classes to it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("window")
@ResourceLock(StageGeometryTest.LANE)
public @interface StageGeometryTest {

    /** The lock that keeps these classes one at a time. */
    String LANE = "dev.loomscope.javafx-stage-geometry";
}
