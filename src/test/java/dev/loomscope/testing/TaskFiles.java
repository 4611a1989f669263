package dev.loomscope.testing;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The task files under src/test/resources/tasks: classes written as a user would, for --task-file and the editor. */
public final class TaskFiles {

    private TaskFiles() {
    }

    public static Path named(String fileName) {
        var url = TaskFiles.class.getResource("/tasks/" + fileName);
        if (url == null) {
            throw new IllegalArgumentException("no task file " + fileName);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
