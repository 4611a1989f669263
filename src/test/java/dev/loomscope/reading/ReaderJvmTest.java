package dev.loomscope.reading;

import dev.loomscope.testing.StartedFirst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.RecordingReader;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.testing.Recordings;
import dev.loomscope.testing.ReaderProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings read in a reader JVM, as the window reads them: a small one of a JVM that starts virtual threads and pins (the
 * summary that comes back is the one read here), one cut short, and a busy one of a million threads that a reader is stopped
 * in the middle of: killed, cancelled, or given too little heap.
 */
@StartedFirst
class ReaderJvmTest {

    @TempDir
    static Path dir;
    static Path small;
    static Path busy;

    @BeforeAll
    static void record() throws Exception {
        small = dir.resolve("churn.jfr");
        Path settings = Recordings.withEveryVirtualThreadEvent(dir);
        Recordings.churn(small, settings, 200, 3);
        busy = ReaderProcesses.busyRecording();
    }

    @Test
    void theSummaryAReaderJvmSendsBackIsTheOneReadHere() throws Exception {
        var reports = new CopyOnWriteArrayList<long[]>();
        RecordingSummary there = new ReaderJvm().read(small, (bytes, size, events) -> reports.add(new long[] {bytes, size, events}));
        RecordingSummary here = RecordingReader.read(small, ReadProgress.NONE);
        var mapper = new ObjectMapper();
        assertThat(mapper.readTree(mapper.writeValueAsString(there.json()))).isEqualTo(mapper.readTree(mapper.writeValueAsString(here.json())));
        assertThat(there.observation().target().name()).isEqualTo(here.observation().target().name()).isNotEmpty();
        assertThat(there.observation().pinHotspots()).isEqualTo(here.observation().pinHotspots().stream()
                .map(h -> new dev.loomscope.model.observe.PinHotspot(h.frames(), h.firstCallerFrame(), h.count(), Math.round(h.totalMs() * 1000) / 1000.0,
                        Math.round(h.maxMs() * 1000) / 1000.0, h.reasons(), h.blockingOperations()))
                .toList()).isNotEmpty();
        // The last report is the whole file, with every event.
        assertThat(reports).isNotEmpty();
        assertThat(reports.getLast()).containsExactly(Files.size(small), Files.size(small), here.events());
        assertThat(ReaderProcesses.reading(small)).isEmpty();
    }

    @Test
    void aRecordingCutShortSaysWhatReadingItHereSays() throws Exception {
        Path cut = dir.resolve("cut.jfr");
        byte[] whole = Files.readAllBytes(small);
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        String here;
        try {
            RecordingReader.read(cut, ReadProgress.NONE);
            throw new AssertionError("a cut recording read");
        } catch (UnreadableFileException e) {
            here = e.getMessage();
        }
        assertThatThrownBy(() -> new ReaderJvm().read(cut, ReadProgress.NONE)).isInstanceOf(UnreadableFileException.class).hasMessage(here);
        assertThatThrownBy(() -> new ReaderJvm().read(dir.resolve("threads.jfc"), ReadProgress.NONE)).isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("neither a JFR recording");
    }

    @Test
    void recordingsUnder200MbAreReadWithC1AloneAndBiggerOnesWithC2Too() {
        var reader = new ReaderJvm();
        assertThat(reader.jvmOptions(ReaderJvm.C1_BELOW_BYTES - 1)).contains("-XX:TieredStopAtLevel=1", "-Xmx384m");
        assertThat(reader.jvmOptions(ReaderJvm.C1_BELOW_BYTES)).doesNotContain("-XX:TieredStopAtLevel=1").contains("-Xmx384m");
        assertThat(reader.command(small)).contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void aReaderKilledHalfwaySaysSoInOneLine() {
        var halfway = new AtomicReference<long[]>();
        assertThatThrownBy(() -> new ReaderJvm().read(busy, (bytes, size, events) -> {
            if (halfway.get() == null) {
                halfway.set(new long[] {bytes, size});
                ReaderProcesses.reading(busy).orElseThrow().destroyForcibly();
            }
        })).isInstanceOf(UnreadableFileException.class).hasMessageContaining(busy.toString()).hasMessageContaining("ended before it was done")
                .hasMessageContaining("exit code 137").message().doesNotContain("\n");
        assertThat(halfway.get()[0]).isLessThan(halfway.get()[1]);
    }

    @Test
    void aReaderWithTooLittleHeapSaysToOpenTheFileFromATerminal() {
        assertThatThrownBy(() -> new ReaderJvm(16).read(busy, ReadProgress.NONE)).isInstanceOf(UnreadableFileException.class)
                .hasMessageContaining("16 MB").hasMessageContaining("loomscope open " + busy).message().doesNotContain("\n");
        assertThat(ReaderProcesses.reading(busy)).isEmpty();
    }

    @Test
    void cancelEndsTheReaderBeforeReadReturns() {
        var reader = new ReaderJvm();
        var halfway = new AtomicReference<ProcessHandle>();
        assertThatThrownBy(() -> reader.read(busy, (bytes, size, events) -> {
            if (halfway.get() == null && bytes < size) {
                halfway.set(ReaderProcesses.reading(busy).orElseThrow());
                reader.cancel();
            }
        })).isInstanceOf(InterruptedException.class);
        assertThat(halfway.get()).isNotNull();
        assertThat(halfway.get().isAlive()).isFalse();
    }
}
