package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A command line prints to the writers it was given, even when System.out or System.err changed
 * after it was made (another test capturing them, say): picocli's own execution strategies would
 * then swap in writers on the streams they remembered, and the output went elsewhere.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class CommandWritersTest {

    @Test
    void theGivenWritersKeepTheOutputWhenSystemOutAndErrChangeInBetween() {
        var out = new StringWriter();
        var err = new StringWriter();
        var commandLine = LoomScopeCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        var elsewhere = new ByteArrayOutputStream();
        int version;
        int bad;
        try {
            System.setOut(new PrintStream(elsewhere, true));
            System.setErr(new PrintStream(elsewhere, true));
            version = commandLine.execute("--version");
            bad = commandLine.execute("run", "--tasks", "none");
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        assertThat(version).isZero();
        assertThat(out.toString()).startsWith("LoomScope");
        assertThat(bad).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(err.toString()).contains("--tasks");
        assertThat(elsewhere.toString()).isEmpty();
    }
}
