package dev.loomscope.bench;

import java.io.IOException;
import java.nio.file.Path;

/** The bare loop over {@code RecordingFile} as a program of its own, for {@link ReaderJvmBenchmark}: it reads every event of its argument and exits. */
public final class BareLoop {

    private BareLoop() {
    }

    public static void main(String[] args) throws IOException {
        RecordingBenchmark.bareLoop(Path.of(args[0]));
    }
}
