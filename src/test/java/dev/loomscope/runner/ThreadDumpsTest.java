package dev.loomscope.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadDumpsTest {

    @Test
    void aDumpThatCannotBeWrittenSaysWhyInASentence(@TempDir Path dir) {
        Path nowhere = dir.resolve("no-such-folder").resolve("x.json");

        ThreadDumps.Result result = ThreadDumps.write(nowhere);

        assertThat(result.virtualThreads()).isEqualTo(-1);
        // The run's message adds its full stop ("... does not exist."), after what else it says.
        assertThat(result.error()).isEqualTo("The thread dump could not be written to " + nowhere + ": the folder "
                + nowhere.getParent() + " does not exist");
        assertThat(Files.exists(nowhere)).isFalse();
    }

    @Test
    void aDumpWrittenCountsItsVirtualThreads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("dump.json");
        Thread parked = Thread.ofVirtual().start(() -> java.util.concurrent.locks.LockSupport.park());
        try {
            ThreadDumps.Result result = ThreadDumps.write(file);
            assertThat(result.error()).isNull();
            assertThat(result.virtualThreads()).isGreaterThanOrEqualTo(1);
            assertThat(file).exists();
        } finally {
            java.util.concurrent.locks.LockSupport.unpark(parked);
            parked.join();
        }
    }
}
