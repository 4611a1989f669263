package dev.loomscope.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the user asked for are written whole or not at all, and a failure names the file and the
 * reason in plain words. The faults are real ones: /dev/full answers every write with ENOSPC, and
 * the kernel refuses to create files under /sys even to root (who may write into a chmod 555 folder).
 */
class AtomicFilesTest {

    @TempDir
    Path dir;

    private static final byte[] MEGABYTE = new byte[1 << 20];

    @Test
    void anExportToAFullDiskSaysSoAndLeavesNothingBehind() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/full")), "needs /dev/full (Linux)");
        // The user's file is a link to a full device: written where it points, the link left as it was.
        Path link = Files.createSymbolicLink(dir.resolve("loomscope-window.png"), Path.of("/dev/full"));
        assertThatThrownBy(() -> AtomicFiles.write(link, out -> out.write(MEGABYTE)))
                .isInstanceOf(IOException.class).hasMessage("Could not write " + link + ": no space left on device.");
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("/dev/full"));
        assertThat(listing(dir)).containsExactly("loomscope-window.png");

        // Straight to the device, and through a path-writing API.
        Path full = Path.of("/dev/full");
        assertThatThrownBy(() -> AtomicFiles.write(full, out -> out.write(MEGABYTE)))
                .hasMessage("Could not write /dev/full: no space left on device.");
        assertThatThrownBy(() -> AtomicFiles.writeAt(link, file -> Files.write(file, MEGABYTE)))
                .hasMessage("Could not write " + link + ": no space left on device.");
        assertThat(Files.isRegularFile(full) || Files.isSymbolicLink(full)).as("a device is written into, never replaced").isFalse();
        assertThat(Files.exists(full)).isTrue();
    }

    @Test
    void anExportToAFolderThatRefusesSaysSoAndLeavesNothingBehind() throws IOException {
        Path refusing = refusingFolder();
        Path file = refusing.resolve("results.json");
        List<String> before = listing(refusing);
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> out.write(MEGABYTE)))
                .isInstanceOf(IOException.class).hasMessage("Could not write " + file + ": permission denied.");
        assertThatThrownBy(() -> AtomicFiles.writeAt(file, path -> Files.write(path, MEGABYTE)))
                .hasMessage("Could not write " + file + ": permission denied.");
        assertThatThrownBy(() -> AtomicFiles.begin(file)).hasMessage("Could not write " + file + ": permission denied.");
        assertThat(listing(refusing)).isEqualTo(before);
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheOldFileAsItWasAndNoPartBehind() throws IOException {
        Path file = Files.writeString(dir.resolve("results.csv"), "old");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
            out.write(MEGABYTE);
            throw new IOException("Input/output error");
        })).hasMessage("Could not write " + file + ": input/output error.").hasCauseInstanceOf(IOException.class);
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
            out.write(MEGABYTE);
            throw new IllegalStateException("the run's recording was dropped");
        })).hasMessage("Could not write " + file + ": the run's recording was dropped.");
        assertThat(Files.readString(file)).isEqualTo("old");
        assertThat(listing(dir)).containsExactly("results.csv");

        var pending = AtomicFiles.begin(dir.resolve("clip.gif"));
        pending.out().write(MEGABYTE);
        assertThat(listing(dir)).as("nothing under the name until committed").hasSize(2).contains("results.csv").doesNotContain("clip.gif");
        pending.abort();
        assertThat(listing(dir)).containsExactly("results.csv");
    }

    @Test
    void aWholeWriteReplacesTheFileAtOnceWithTheFoldersUsualPermissions() throws IOException {
        Path file = Files.writeString(dir.resolve("results.csv"), "old");
        AtomicFiles.write(file, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(file)).isEqualTo("new");
        AtomicFiles.writeAt(dir.resolve("run.jfr"), path -> Files.writeString(path, "recording"));
        assertThat(Files.readString(dir.resolve("run.jfr"))).isEqualTo("recording");
        assertThat(listing(dir)).containsExactly("results.csv", "run.jfr");
        // Not a temporary file's owner-only rw-------: as any file the user's programs make there.
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("run.jfr")))).startsWith("rw-r");
    }

    @Test
    void aMissingFolderOrAFolderForAFileIsSaidBeforeAnythingIsWritten() {
        Path missing = dir.resolve("gone").resolve("x.png");
        assertThatThrownBy(() -> AtomicFiles.write(missing, out -> out.write(1)))
                .hasMessage("Could not write " + missing + ": the folder " + dir.resolve("gone") + " does not exist.");
        assertThatThrownBy(() -> AtomicFiles.write(dir, out -> out.write(1))).hasMessage("Could not write " + dir + ": it is a folder.");
    }

    /** A folder in which no file can be made, whoever this is: /sys refuses even root, a chmod 555 folder anyone else. */
    private Path refusingFolder() throws IOException {
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            assumeTrue(Files.isDirectory(Path.of("/sys/kernel")), "needs /sys (Linux)");
            return Path.of("/sys/kernel");
        }
        Path folder = Files.createDirectory(dir.resolve("read-only"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        return folder;
    }

    private static List<String> listing(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
