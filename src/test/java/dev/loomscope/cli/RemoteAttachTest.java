package dev.loomscope.cli;

import dev.loomscope.testing.StartedFirst;

import static dev.loomscope.cli.AttachCommandTest.attach;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.cli.AttachCommandTest.Outcome;
import dev.loomscope.attach.JmxTarget;
import dev.loomscope.attach.ObserveOptions;
import dev.loomscope.attach.Observer;
import dev.loomscope.testing.JmxTargets;
import dev.loomscope.testing.Poll;
import dev.loomscope.testing.TargetJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code attach --jmx} against one real JVM whose agent asks for a password, as the JDK documents it
 * (password and access files, mode 600): the right password observes, a wrong or missing one gets
 * one line, and a password file others may read is refused before anything is sent.
 */
@ResourceLock(TargetJvm.REMOTE_LOCK)
@StartedFirst
class RemoteAttachTest {

    @TempDir
    static Path dir;
    private static TargetJvm target;
    private static String url;

    @BeforeAll
    static void startTarget() throws Exception {
        int port = JmxTargets.freePort();
        url = JmxTargets.url(port);
        target = JmxTargets.start(JmxTargets.authenticated(port, dir), "pin");
    }

    @AfterAll
    static void stopTarget() throws InterruptedException {
        if (target != null) {
            target.close();
        }
    }

    @Test
    void theRightPasswordObservesTheTargetAndSaysHowLateTheEventsCame() throws Exception {
        Path password = JmxTargets.privateFile(dir.resolve("right"), JmxTargets.PASSWORD + "\n");

        Outcome observed = attach("--jmx", url, "--jmx-user", JmxTargets.USER, "--jmx-password-file", password.toString(), "--duration", "2s", "--json");

        assertThat(observed.exitCode()).as(observed.err()).isZero();
        var json = new ObjectMapper().readTree(observed.out());
        assertThat(json.get("pid").asLong()).isEqualTo(target.pid());
        assertThat(json.get("virtualThreadStarts").asLong()).isPositive();
        // How late the events came: measured in the test below, which waits for them rather than for a fixed time.
        assertThat(observed.err()).contains("JFR lag");
        assertThat(target.jcmd("JFR.check")).contains("No available recordings");
    }

    /**
     * The summary says how late JFR's events came, once one of the target's flushes has arrived while observing. Waited
     * for, not timed: a 2-second observation on a loaded machine sometimes ended before the target's first flush (a
     * second after its recording starts) had crossed JMX, and then only the events that stopping flushes had come, which
     * say nothing of the pace and are left out ("no events arrived").
     */
    @Test
    void theLagIsSaidOnceEventsHaveArrivedWhileObserving() throws Exception {
        var remote = new JmxTarget(url, JmxTargets.USER, JmxTargets.PASSWORD.toCharArray(), null, null);
        Observer observer = Observer.connect(remote, ObserveOptions.DEFAULTS);
        try {
            Poll.until("events arrived while observing", Duration.ofSeconds(30), () -> observer.lag().summary().events() > 0);
        } finally {
            observer.stop();
        }

        String line = AttachCommand.lagLine(observer);
        assertThat(line).containsPattern("JFR lag +events arrived [0-9.]+ s after they ended in the target \\(median of [0-9,]+;");
        assertThat(line).as("the stream woken on this side").doesNotContain("the stream at the JDK's own pace");
        assertThat(target.jcmd("JFR.check")).contains("No available recordings");
    }

    @Test
    void aWrongPasswordGetsOneLine() throws Exception {
        Path password = JmxTargets.privateFile(dir.resolve("wrong"), "not-" + JmxTargets.PASSWORD + "\n");

        Outcome observed = attach("--jmx", url, "--jmx-user", JmxTargets.USER, "--jmx-password-file", password.toString());

        assertThat(observed.exitCode()).isEqualTo(1);
        assertThat(observed.err()).isEqualTo("loomscope attach: " + url + " refused the user name or password (user 'monitor')" + System.lineSeparator());
        assertThat(observed.err()).doesNotContain(JmxTargets.PASSWORD);
    }

    @Test
    void noPasswordWhereOneIsAskedGetsOneLine() {
        Outcome observed = attach("--jmx", url);

        assertThat(observed.exitCode()).isEqualTo(1);
        assertThat(observed.err()).startsWith("loomscope attach: " + url + " asks for a user and password").hasLineCount(1);
    }

    @Test
    void aPasswordFileOthersCanReadIsRefusedLikeSshRefusesAKey() throws Exception {
        Path password = dir.resolve("readable");
        Files.writeString(password, JmxTargets.PASSWORD + "\n");
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-r--r--"));

        Outcome observed = attach("--jmx", url, "--jmx-user", JmxTargets.USER, "--jmx-password-file", password.toString());

        assertThat(observed.exitCode()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(observed.err()).contains(password + " is readable by others: chmod 600 " + password);
        assertThat(target.jcmd("JFR.check")).as("nothing was started in the target").contains("No available recordings");
    }

    @Test
    void thePasswordNeverComesFromTheCommandLineAndTheJmxOptionsNeedJmx() {
        Outcome userAlone = attach("--jmx", url, "--jmx-user", JmxTargets.USER);
        Outcome withoutJmx = attach("--jmx-user", JmxTargets.USER, "--jmx-password-file", "/nonexistent");

        assertThat(userAlone.exitCode()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(userAlone.err()).contains("--jmx-user goes with --jmx-password-file");
        assertThat(withoutJmx.exitCode()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(withoutJmx.err()).contains("--jmx-user goes with --jmx URL");
    }

    @Test
    void aTargetWithoutJdkManagementJfrGetsOneLine() throws Exception {
        int port = JmxTargets.freePort();
        // The agent and its RMI connector, the scheduler MXBean, and no JFR at all.
        var options = new java.util.ArrayList<>(List.of("--limit-modules", "jdk.management.agent,jdk.management,java.management.rmi"));
        options.addAll(JmxTargets.authenticated(port, Files.createDirectory(dir.resolve("no-jfr"))));
        try (var noJfr = JmxTargets.start(options, "churn", "60000")) {
            Path password = JmxTargets.privateFile(dir.resolve("for-no-jfr"), JmxTargets.PASSWORD + "\n");

            Outcome observed = attach("--jmx", JmxTargets.url(port), "--jmx-user", JmxTargets.USER, "--jmx-password-file", password.toString());

            assertThat(observed.exitCode()).as(observed.err()).isEqualTo(1);
            assertThat(observed.err()).startsWith("loomscope attach: PID " + noJfr.pid() + " has no jdk.management.jfr").hasLineCount(1);
        }
    }
}
