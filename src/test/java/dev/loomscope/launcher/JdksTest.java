package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding JDKs: folders with bin/java and a release file, read in the usual places and by path. */
class JdksTest {

    @TempDir
    Path dir;

    /** A JDK folder as far as discovery looks: bin/java (never run here) and a release file. */
    private Path fakeJdk(String name, String javaVersion) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/java"), "");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + javaVersion + "\"\n");
        return home;
    }

    @Test
    void findsTheJdksUnderARootAndAtAHomeAndNamesThemByFeatureVersionOrFolder() throws IOException {
        Path root = Files.createDirectories(dir.resolve("jvm"));
        Path current = fakeJdk("jvm/jdk-25", "25.0.3");
        Path jdk21 = fakeJdk("jvm/jdk-21", "21.0.8");
        fakeJdk("jvm/jdk-17", "17.0.12");
        Files.createDirectories(root.resolve("not-a-jdk"));
        Path cached = fakeJdk("cache/java-runtime", "21.0.2");

        Jdks jdks = Jdks.in(current, List.of(root, dir.resolve("no-such-root")), List.of(cached));

        assertThat(jdks.found()).extracting(Jdks.Jdk::version).containsExactly("25.0.3", "17.0.12", "21.0.2", "21.0.8");
        assertThat(jdks.current().home()).isEqualTo(current);
        assertThat(jdks.runnable()).extracting(Jdks.Jdk::feature).containsExactly(25, 21, 21);
        assertThat(jdks.resolve("21").version()).as("the newest of a feature release").isEqualTo("21.0.8");
        assertThat(jdks.resolve("21.0.2").home()).isEqualTo(cached);
        assertThat(jdks.resolve("25")).isEqualTo(jdks.current());
        assertThat(jdks.resolve(jdk21.toString()).feature()).isEqualTo(21);
        assertThat(jdks.differsFromDefault(jdks.resolve("21"))).isTrue();
        assertThat(jdks.differsFromDefault(jdks.resolve("25"))).isFalse();
    }

    @Test
    void aJdkNotFoundIsRefusedInOneLineListingWhatWasFound() throws IOException {
        Path current = fakeJdk("jdk-25", "25.0.3");
        fakeJdk("jdk-17", "17.0.12");
        Jdks jdks = Jdks.in(current, List.of(dir), List.of());

        assertThatThrownBy(() -> jdks.resolve("22")).hasMessageContaining("No JDK 22 found").hasMessageContaining("25.0.3 (" + current + ")")
                .hasMessageContaining("scripts/get-jdk21.sh").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> jdks.resolve(dir.resolve("nowhere").toString())).hasMessageContaining("No JDK at").hasMessageContaining("17.0.12");
        assertThatThrownBy(() -> jdks.resolve("17")).as("found, but older than a runner runs on").hasMessageContaining("No JDK 17 found");
        assertThatThrownBy(() -> jdks.resolve(dir.resolve("jdk-17").toString())).hasMessageContaining("JDK 17.0.12").hasMessageContaining("too old");
    }
}
