package dev.loomscope.testing;

import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.Runner;
import java.util.ArrayList;
import java.util.List;

/**
 * Runner JVMs for tests that check what a run does, not how fast it goes: started as the product
 * starts them, with the same flags, but compiled by C1 only. The optimizing compiler costs a
 * runner about half a second of CPU to start and changes none of the events, results or files a
 * run produces; on a 2-core machine running a dozen of them side by side, that is seconds.
 * Tests that bound how long real runs take (tagged {@code timing}) use {@code new Runner()}, as
 * the command line does.
 */
public final class TestJvms {

    /** Added to the runner's own flags (the benchmark passes its {@code --jvm-option}s the same way). */
    public static final List<String> QUICK_START = List.of("-XX:TieredStopAtLevel=1");

    private TestJvms() {
    }

    /** A runner whose JVMs start quickly. */
    public static Runner runner() {
        return new Runner(launcher(List.of()));
    }

    /** The launcher of {@link #runner()}, with {@code moreOptions} and the command run through {@code commandPrefix} (prlimit, say). */
    public static JvmLauncher launcher(List<String> commandPrefix, String... moreOptions) {
        var options = new ArrayList<>(QUICK_START);
        options.addAll(List.of(moreOptions));
        return new JvmLauncher(commandPrefix, options);
    }
}
