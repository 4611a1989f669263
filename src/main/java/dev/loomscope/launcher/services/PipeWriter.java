package dev.loomscope.launcher.services;

import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The file mode's writer: a private folder of named pipes (mkfifo), one per task plus a request
 * pipe. A task writes its number into the request pipe and blocks reading its own; this writer
 * reads the request and, the sleep time later, writes one byte into the task's pipe. Every pipe is
 * opened for reading and writing on both sides, so no open ever waits for the other side (Linux
 * allows it on a FIFO), and a runner that died leaves no writer stuck.
 */
final class PipeWriter implements WaitService {

    /** Names per mkfifo call: far below the kernel's limit on a command line. */
    private static final int NAMES_PER_CALL = 1_000;
    private static final int STOP = Integer.MIN_VALUE;

    private final Path folder;
    private final FileChannel requests;
    /** Writes the stop to the reader: a channel of its own, as a FileChannel's read and write share one lock. */
    private final FileChannel stop;
    private final ScheduledExecutorService answers;
    private final Thread reader;
    private final int sleepMs;

    private PipeWriter(Path folder, FileChannel requests, FileChannel stop, int sleepMs) {
        this.folder = folder;
        this.requests = requests;
        this.stop = stop;
        this.sleepMs = sleepMs;
        this.answers = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("loomscope-pipe-writer").factory());
        this.reader = Thread.ofPlatform().daemon().name("loomscope-pipe-requests").start(this::readRequests);
    }

    static PipeWriter start(Scenario scenario) {
        Path folder = null;
        try {
            folder = Files.createTempDirectory("loomscope-pipes"); // mode 700: the pipes are this user's alone
            var names = new ArrayList<String>();
            names.add(ServiceArgs.FIFO_REQUESTS);
            names.add("-1"); // the runner's one wait before the clock
            for (int task = 0; task < scenario.tasks(); task++) {
                names.add(Integer.toString(task));
            }
            makePipes(folder, names);
            var requests = FileChannel.open(folder.resolve(ServiceArgs.FIFO_REQUESTS), StandardOpenOption.READ, StandardOpenOption.WRITE);
            var stop = FileChannel.open(folder.resolve(ServiceArgs.FIFO_REQUESTS), StandardOpenOption.WRITE);
            return new PipeWriter(folder, requests, stop, scenario.sleepMs());
        } catch (IOException | InterruptedException e) {
            deleteQuietly(folder);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new ServiceStartException(Text.get("service.pipes.failed", e.getMessage()), e);
        }
    }

    private static void makePipes(Path folder, List<String> names) throws IOException, InterruptedException {
        for (int from = 0; from < names.size(); from += NAMES_PER_CALL) {
            var command = new ArrayList<>(List.of("mkfifo", "-m", "600", "--"));
            names.subList(from, Math.min(names.size(), from + NAMES_PER_CALL)).forEach(name -> command.add(folder.resolve(name).toString()));
            Process mkfifo = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(mkfifo.getInputStream().readAllBytes()).strip();
            if (mkfifo.waitFor() != 0) {
                throw new IOException(Text.get("service.pipes.mkfifo", output));
            }
        }
    }

    /** Reads task numbers (4 bytes each) and answers each the sleep time after it arrived. */
    private void readRequests() {
        ByteBuffer buffer = ByteBuffer.allocate(4_096);
        try {
            while (true) {
                if (requests.read(buffer) < 0) {
                    return;
                }
                buffer.flip();
                while (buffer.remaining() >= Integer.BYTES) {
                    int task = buffer.getInt();
                    if (task == STOP) {
                        return;
                    }
                    answers.schedule(() -> answer(task), sleepMs, TimeUnit.MILLISECONDS);
                }
                buffer.compact();
            }
        } catch (ClosedChannelException e) {
            // Closed: the run is over.
        } catch (IOException | java.util.concurrent.RejectedExecutionException e) {
            // The run is over, or its runner is gone: nobody is left to answer.
        }
    }

    private void answer(int task) {
        try (var pipe = FileChannel.open(folder.resolve(Integer.toString(task)), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            pipe.write(ByteBuffer.wrap(new byte[] {1}));
        } catch (IOException e) {
            // The folder is gone with the run: the task is gone too.
        }
    }

    /** The folder the runner finds the pipes in. */
    Path folder() {
        return folder;
    }

    @Override
    public Map<String, String> runnerArgs() {
        return Map.of(ServiceArgs.FIFO_DIR, folder.toString());
    }

    @Override
    public synchronized void close() {
        if (!requests.isOpen()) {
            return;
        }
        try {
            stop.write(ByteBuffer.allocate(Integer.BYTES).putInt(STOP).flip());
            reader.join(1_000);
            stop.close();
            requests.close();
        } catch (IOException e) {
            // Closing anyway.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        answers.shutdownNow();
        deleteQuietly(folder);
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A folder left in the temp directory: nothing a run depends on.
        }
    }
}
