package dev.loomscope.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that runs something on a real JDK 21 ({@link Jdk21#required()}). It skips where none is found, as on a new
 * machine; CI runs the suite there first, then fetches a JDK 21 and runs the tests so marked (.ci/run).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Tag(NeedsJdk21.TAG)
public @interface NeedsJdk21 {

    /** The tag .ci/run selects them by. */
    String TAG = "jdk21";
}
