package dev.loomscope.runner.waits;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file mode: each task blocks in one read of a named pipe of its own until the writer in the
 * launching process writes a byte into it, the sleep time after the task asked for it. A task opens
 * its pipe for reading and writing, so the open never waits for the writer (Linux allows it on a
 * FIFO); it then writes its number into the shared request pipe (4 bytes: atomic, below PIPE_BUF)
 * and reads.
 */
final class FifoWait implements ServiceWait {

    /** The number of the one wait before the run (its pipe is named "-1"). */
    static final int WARM_UP = -1;

    private final Path folder;
    private final FileChannel requests;

    private FifoWait(Path folder, FileChannel requests) {
        this.folder = folder;
        this.requests = requests;
    }

    static FifoWait open(Scenario scenario, RunnerArgs args) {
        Path folder = Path.of(args.required(ServiceArgs.FIFO_DIR));
        try {
            // The writer holds the request pipe open for reading, so this open returns at once.
            return new FifoWait(folder, FileChannel.open(folder.resolve(ServiceArgs.FIFO_REQUESTS), StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new ServiceUnavailableException(Text.get("wait.pipes.failed", folder, JdbcWait.rootMessage(e)), e);
        }
    }

    /** One wait on a pipe of its own (the writer answers it the sleep time later): the file classes load here, not in the first tasks. */
    @Override
    public void warmUp() throws IOException {
        await(WARM_UP);
    }

    @Override
    public void await(int task) throws IOException {
        try (var pipe = FileChannel.open(folder.resolve(Integer.toString(task)), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer request = ByteBuffer.allocate(Integer.BYTES).putInt(task).flip();
            while (request.hasRemaining()) {
                requests.write(request);
            }
            ByteBuffer answer = ByteBuffer.allocate(1);
            if (pipe.read(answer) != 1) {
                throw new IOException(Text.get("wait.pipes.ended", task));
            }
        }
    }

    @Override
    public void close() {
        try {
            requests.close();
        } catch (IOException e) {
            // The writer is going away with the run: nothing left to tell it.
        }
    }
}
