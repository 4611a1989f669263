package dev.loomscope.testing;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A command's captured stdout or stderr that remembers who closed it: a closed PrintWriter drops
 * whatever is printed afterwards without a word, which is how a command could exit 0 with nothing on stdout.
 */
public final class TracedWriter extends PrintWriter {

    private volatile Throwable closedBy;

    public TracedWriter(StringWriter into) {
        super(into, true);
    }

    @Override
    public void close() {
        if (closedBy == null) {
            closedBy = new Throwable("closed on thread " + Thread.currentThread().getName());
        }
        super.close();
    }

    /** How writing fared: whether a write failed, and the stack of whoever closed it, if anyone did. */
    public String state() {
        Throwable closer = closedBy;
        return "write failed: " + checkError() + (closer == null ? "; never closed"
                : "; " + closer.getMessage() + " at " + Arrays.stream(closer.getStackTrace()).limit(25).map(String::valueOf).collect(Collectors.joining(" <- ")));
    }
}
