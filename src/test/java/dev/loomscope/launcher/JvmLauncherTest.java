package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class JvmLauncherTest {

    /**
     * A CompileCommand naming a method that no longer exists is silently ignored, and the
     * million-task runs would quietly lose what it was there for: renaming either method must fail here.
     */
    @Test
    void everyMethodKeptOutOfLineExistsUnderTheNameTheFlagGives() throws ClassNotFoundException {
        assertThat(JvmLauncher.KEPT_OUT_OF_LINE).isNotEmpty();
        for (String method : JvmLauncher.KEPT_OUT_OF_LINE) {
            String[] parts = method.split("::");
            Class<?> owner = Class.forName(parts[0]);
            assertThat(Arrays.stream(owner.getDeclaredMethods()).map(Method::getName)).as(method).contains(parts[1]);
            assertThat(JvmLauncher.runFlags(2)).contains("-XX:CompileCommand=dontinline," + method);
        }
    }
}
