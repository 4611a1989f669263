package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class JvmFlagsTest {

    @Test
    void theBuildFillsInNativeAccessAndTheOpeningOfJavaLang() {
        assertThat(JvmFlags.required()).containsExactly(
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED");
    }

    @Test
    void theTestJvmAndEveryRunnerGetTheSameFlags() {
        // Surefire starts this JVM with pom.xml's property: the resource and the property agree.
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments()).containsAll(JvmFlags.required());
        assertThat(JvmLauncher.runFlags(2)).containsSubsequence(JvmFlags.required());
    }
}
