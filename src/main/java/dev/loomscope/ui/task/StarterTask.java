package dev.loomscope.ui.task;

import dev.loomscope.ui.fx.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The examples the "Your task" editor starts from, one per way a task blocks. Each is a whole
 * class a user could have written (public, a Callable, a public no-arg constructor), kept as a
 * resource in {@code examples/} beside this class; its name in the Examples menu is in the bundle.
 */
public enum StarterTask {

    SLEEP("Sleep"),
    MONITOR_WAIT("MonitorWait"),
    LOCK("Lock"),
    FILE_READ("FileRead"),
    HTTP_CALL("HttpCall");

    private final String name;

    StarterTask(String name) {
        this.name = name;
    }

    /** How the Examples menu names it. */
    public String title() {
        return Messages.text("task.example." + name);
    }

    /** The example's Java source, read from the jar when it is picked. */
    public String source() {
        String resource = "examples/" + name + ".java.txt";
        try (InputStream in = StarterTask.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource); // a build without its resources: a bug
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
