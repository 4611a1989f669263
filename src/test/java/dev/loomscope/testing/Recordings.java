package dev.loomscope.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** JFR recordings made as a user would make them: the JDK's own settings file, edited, and {@code -XX:StartFlightRecording}. */
public final class Recordings {

    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

    private Recordings() {
    }

    /** A settings file in {@code dir}: the JDK's default with virtual-thread starts and ends on and every pin kept. */
    public static Path withEveryVirtualThreadEvent(Path dir) throws IOException {
        Path settings = dir.resolve("threads.jfc");
        Files.writeString(settings, Files.readString(JAVA_HOME.resolve("lib/jfr/default.jfc"))
                .replaceFirst("(<event name=\"jdk.VirtualThreadStart\">\\s*<setting name=\"enabled\">)false", "$1true")
                .replaceFirst("(<event name=\"jdk.VirtualThreadEnd\">\\s*<setting name=\"enabled\">)false", "$1true")
                .replaceFirst("(<event name=\"jdk.VirtualThreadPinned\">[^/]*/setting>[^/]*/setting>\\s*<setting name=\"threshold\">)20 ms", "$10 ms"));
        assertThat(Files.readString(settings)).as("the JDK's default.jfc, edited").contains("<setting name=\"threshold\">0 ms</setting>");
        return settings;
    }

    /** {@code file}: a recording, with {@code settings}, of {@link RecordedProgram} starting {@code started} virtual threads, {@code pins} of them pinned. */
    public static Path churn(Path file, Path settings, int started, int pins) throws IOException, InterruptedException {
        try (var churn = TargetJvm.java(RecordedProgram.class, List.of("-XX:StartFlightRecording:filename=" + file + ",settings=" + settings),
                "churn", Integer.toString(started), Integer.toString(pins))) {
            assertThat(churn.process().waitFor(60, TimeUnit.SECONDS)).as("the recorded program ended").isTrue();
        }
        assertThat(file).isRegularFile();
        return file;
    }
}
