package dev.loomscope.attach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.attach.LocalJvm.Observability;
import dev.loomscope.model.observe.ObservedJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** What the listing says of each JDK, without needing every JDK installed. */
class LocalJvmTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            1.8.0_402 | NO_VIRTUAL_THREADS | JDK 8 has no virtual threads (they came in JDK 21)
            17.0.15   | NO_VIRTUAL_THREADS | JDK 17 has no virtual threads (they came in JDK 21)
            21.0.5    | PARTIAL            | JDK 21 has no scheduler MXBean (JDK 24+): no carrier occupancy
            23        | PARTIAL            | JDK 23 has no scheduler MXBean (JDK 24+): no carrier occupancy
            24.0.1    | FULL               | ''
            25-ea     | FULL               | ''
            ''        | UNKNOWN            | its JDK version could not be read
            """)
    void eachJdkIsObservableAsFarAsItsFeaturesGo(String version, Observability expected, String why) {
        LocalJvm jvm = LocalJvm.of(4711, "Main", version, false);

        assertThat(jvm.observable()).isEqualTo(expected);
        assertThat(jvm.why()).isEqualTo(why);
        assertThat(jvm.observable().canAttach()).isEqualTo(expected != Observability.NO_VIRTUAL_THREADS);
    }

    @Test
    void loomScopeItselfIsListedButNotAttached() {
        LocalJvm self = LocalJvm.of(ProcessHandle.current().pid(), "target/loomscope.jar", "25.0.1", true);

        assertThat(self.observable()).isEqualTo(Observability.SELF);
        assertThat(self.observable().canAttach()).isFalse();
    }

    @Test
    void theMainClassOrJarIsTheFirstWordOfTheCommandLine() {
        assertThat(LocalJvms.mainOf("target/loomscope.jar serve --executor virtual")).isEqualTo("target/loomscope.jar");
        assertThat(LocalJvms.mainOf("com.example.Main")).isEqualTo("com.example.Main");
        assertThat(LocalJvms.mainOf(null)).isEmpty();
    }

    @Test
    void featureReleasesAreReadFromEveryVersionScheme() {
        assertThat(ObservedJvm.featureOf("25.0.3")).isEqualTo(25);
        assertThat(ObservedJvm.featureOf("1.8.0_402")).isEqualTo(8);
        assertThat(ObservedJvm.featureOf("26-ea")).isEqualTo(26);
        assertThat(ObservedJvm.featureOf("")).isZero();
        assertThat(ObservedJvm.featureOf("unknown")).isZero();
    }

    @Test
    void thisJvmsVersionIsReadFromItsJdksReleaseFile() {
        assertThat(LocalJvms.jdkVersionOf(ProcessHandle.current().pid())).hasValueSatisfying(v -> assertThat(ObservedJvm.featureOf(v)).isEqualTo(Runtime.version().feature()));
    }
}
