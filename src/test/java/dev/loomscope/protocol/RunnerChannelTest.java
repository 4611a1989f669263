package dev.loomscope.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.JvmLauncher;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The parent's side of the runner's stream, with real runner processes on loopback. */
class RunnerChannelTest {

    /** A runner whose run is over at once: connects, says its few bytes and exits, or exits without connecting. */
    public static final class QuickRunner {

        public static void main(String[] args) throws Exception {
            String said = args[args.length - 1];
            if (said.equals("-")) {
                return;
            }
            try (OutputStream out = RunnerChannel.connect(RunnerArgs.parse(List.of(args).subList(0, args.length - 1)))) {
                out.write(said.getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    private static Process quickRunner(RunnerChannel channel, String says) throws Exception {
        var command = new ArrayList<>(List.of(JvmLauncher.javaExecutable(), "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), QuickRunner.class.getName()));
        command.addAll(channel.runnerArgs());
        command.add(says);
        Process runner = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(runner.waitFor(60, TimeUnit.SECONDS)).as("the runner ended").isTrue();
        assertThat(runner.exitValue()).as(new String(runner.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        return runner;
    }

    @Test
    void aRunnerThatSaidAllAndEndedBeforeTheParentLookedIsStillHeard() throws Exception {
        // On a busy machine the reading thread may first get a core after a short run is over: its stream waits in the kernel's queue.
        try (RunnerChannel channel = RunnerChannel.open()) {
            Process runner = quickRunner(channel, "eight tasks, all done");
            InputStream stream = channel.accept(runner);
            assertThat(stream).as("the stream of a runner that already ended").isNotNull();
            assertThat(new String(stream.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo("eight tasks, all done");
        }
    }

    @Test
    void aRunnerThatEndedWithoutConnectingIsGoneAtOnce() throws Exception {
        try (RunnerChannel channel = RunnerChannel.open()) {
            Process runner = quickRunner(channel, "-");
            long before = System.nanoTime();
            assertThat(channel.accept(runner)).isNull();
            // Not the minute a live runner gets to connect.
            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - before)).isLessThan(10);
        }
    }
}
