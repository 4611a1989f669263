package dev.loomscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The engine, telemetry, protocol and model run in runner JVMs and headless tools: no JavaFX. */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/loomscope");

    @ParameterizedTest
    @ValueSource(strings = {"engine", "telemetry", "protocol", "model", "bench", "cli", "web"})
    void packageNeverTouchesJavaFx(String pkg) throws IOException {
        Path dir = SOURCES.resolve(pkg);
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(dir)) {
            offenders = files.filter(f -> f.toString().endsWith(".java")).filter(ArchitectureTest::mentionsJavaFx).toList();
        }
        assertThat(offenders).as("files in %s that import JavaFX or the ui package", pkg).isEmpty();
    }

    /** The web service and load generator sit below the engine (which runs them in the runner): no import upwards. */
    @org.junit.jupiter.api.Test
    void theWebPackageNeverImportsTheEngineOrModel() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES.resolve("web"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".java")).filter(f -> {
                try {
                    String text = Files.readString(f);
                    return text.contains("dev.loomscope.engine") || text.contains("dev.loomscope.model");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList()).isEmpty();
        }
    }

    private static boolean mentionsJavaFx(Path file) {
        try {
            String text = Files.readString(file);
            return text.contains("import javafx.") || text.contains("dev.loomscope.ui.");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
