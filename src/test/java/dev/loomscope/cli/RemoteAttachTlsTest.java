package dev.loomscope.cli;

import dev.loomscope.testing.StartedFirst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.Main;
import dev.loomscope.testing.JmxTargets;
import dev.loomscope.testing.TargetJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code attach --jmx} to one real JVM whose agent and registry speak TLS with a key pair keytool made:
 * trusted through {@code --jmx-truststore} (the certificate exported by keytool), it observes; not
 * trusted, one line. Each attach runs in a JVM of its own: the JDK's TLS takes its trust once per
 * process and RMI keeps its connections open a while, so two attaches in one JVM would not be two.
 */
@ResourceLock(TargetJvm.REMOTE_LOCK)
@StartedFirst
class RemoteAttachTlsTest {

    private static final Duration DONE = Duration.ofSeconds(60);

    @TempDir
    static Path dir;
    private static TargetJvm target;
    private static String url;
    private static Path trustStore;

    @BeforeAll
    static void startTarget() throws Exception {
        Path keyStore = JmxTargets.keyPair(dir, "server");
        trustStore = JmxTargets.trustStoreOf(keyStore, dir);
        int port = JmxTargets.freePort();
        url = JmxTargets.url(port);
        target = JmxTargets.start(JmxTargets.tls(port, keyStore), "pin");
    }

    @AfterAll
    static void stopTarget() throws InterruptedException {
        if (target != null) {
            target.close();
        }
    }

    @Test
    void aTruststoreHoldingItsCertificateObservesIt() throws Exception {
        Path storePassword = JmxTargets.privateFile(dir.resolve("store-password"), JmxTargets.STORE_PASSWORD + "\n");
        try (var observer = TargetJvm.java(Main.class, "attach", "--jmx", url, "--jmx-truststore", trustStore.toString(),
                "--jmx-truststore-password-file", storePassword.toString(), "--duration", "1s")) {
            assertThat(observer.awaitExit(DONE)).isTrue();

            assertThat(observer.process().exitValue()).as(String.join("\n", observer.output())).isZero();
            assertThat(observer.output()).anyMatch(line -> line.startsWith("Observed PID " + target.pid()));
        }
    }

    @Test
    void aCertificateNotTrustedGetsOneLine() throws Exception {
        // Another key pair's truststore: a certificate is trusted, just not the target's.
        Path otherTrust = JmxTargets.trustStoreOf(JmxTargets.keyPair(dir, "other"), dir);
        Path storePassword = JmxTargets.privateFile(dir.resolve("other-password"), JmxTargets.STORE_PASSWORD + "\n");
        try (var observer = TargetJvm.java(Main.class, "attach", "--jmx", url, "--jmx-truststore", otherTrust.toString(),
                "--jmx-truststore-password-file", storePassword.toString(), "--duration", "1s")) {
            assertThat(observer.awaitExit(DONE)).isTrue();

            assertThat(observer.process().exitValue()).isEqualTo(1);
            assertThat(observer.output()).singleElement().asString()
                    .startsWith("loomscope attach: " + url + " speaks TLS with a certificate that is not trusted here (");
        }
        assertThat(target.process().isAlive()).isTrue();
    }

    @Test
    void withoutATruststoreTheJdksOwnTrustRefusesItInOneLine() throws Exception {
        List<String> lines;
        try (var observer = TargetJvm.java(Main.class, "attach", "--jmx", url, "--duration", "1s")) {
            assertThat(observer.awaitExit(DONE)).isTrue();
            assertThat(observer.process().exitValue()).isEqualTo(1);
            lines = observer.output();
        }
        // The JDK's own trust (cacerts) knows no self-made certificate either.
        assertThat(lines).singleElement().asString().startsWith("loomscope attach: " + url + " speaks TLS with a certificate that is not trusted here (");
    }
}
