package dev.loomscope.web;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The classic experiment's routes: a wait (a slow database or remote call), a computation, a file
 * read, and a fan-out that makes two of those calls in parallel and so takes as long as the slower.
 * Bodies have the same length for the same parameters (ab counts a change of length as a failure);
 * the thread that served the request is in the {@code X-Served-By} header instead.
 */
final class ServiceRoutes {

    static final int MAX_BLOCK_MS = 60_000;
    static final int DEFAULT_BLOCK_MS = 300;
    static final int MAX_COMPUTE_N = 2_000_000;
    static final int DEFAULT_COMPUTE_N = 50_000;
    static final int FILE_LINES = 10_000;

    private final Path file;
    private final ExecutorService fanOut;

    private ServiceRoutes(Path file, ExecutorService fanOut) {
        this.file = file;
        this.fanOut = fanOut;
    }

    /** Writes the 10,000-line data file {@code /file} reads, in a folder of its own. */
    static ServiceRoutes create(ExecutorService fanOut) throws IOException {
        Path folder = Files.createTempDirectory("loomscope-web");
        Path file = folder.resolve("lines.txt");
        var text = new StringBuilder(FILE_LINES * 64);
        for (int line = 1; line <= FILE_LINES; line++) {
            text.append("%05d the quick brown fox jumps over the lazy dog %08x%n".formatted(line, line * 2_654_435_761L));
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
        file.toFile().deleteOnExit();
        folder.toFile().deleteOnExit();
        return new ServiceRoutes(file, fanOut);
    }

    List<Route> routes() {
        return List.of(
                new Route("/block", Set.of("ms"), this::block,
                        Text.get("web.route.block")),
                new Route("/compute", Set.of("n"), this::compute,
                        Text.get("web.route.compute")),
                new Route("/file", Set.of(), params -> Reply.file(file),
                        Text.get("web.route.file")),
                new Route("/aggregate", Set.of("ms"), this::aggregate,
                        Text.get("web.route.aggregate")));
    }

    private Reply block(QueryParams params) throws BadRequestException, InterruptedException {
        int ms = params.intIn("ms", DEFAULT_BLOCK_MS, 0, MAX_BLOCK_MS);
        Thread.sleep(ms);
        return Reply.json(answer("/block", "waitedMs", ms));
    }

    private Reply compute(QueryParams params) throws BadRequestException {
        int n = params.intIn("n", DEFAULT_COMPUTE_N, 2, MAX_COMPUTE_N);
        var body = answer("/compute", "n", n);
        body.put("sumOfPrimes", PrimeSum.upTo(n));
        return Reply.json(body);
    }

    private Reply aggregate(QueryParams params) throws BadRequestException, InterruptedException, IOException {
        int ms = params.intIn("ms", DEFAULT_BLOCK_MS, 0, MAX_BLOCK_MS);
        Future<Integer> waited = fanOut.submit(() -> {
            Thread.sleep(ms);
            return ms;
        });
        Future<long[]> read = fanOut.submit(this::readFile);
        try {
            long[] linesAndBytes = read.get();
            var body = answer("/aggregate", "waitedMs", waited.get());
            body.put("fileLines", linesAndBytes[0]);
            body.put("fileBytes", linesAndBytes[1]);
            return Reply.json(body);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(Text.get("web.aggregate.failed", e.getCause()), e.getCause());
        } finally {
            // Interrupts whichever call is still going (the request failed or the service is stopping).
            waited.cancel(true);
            read.cancel(true);
        }
    }

    private static Map<String, Object> answer(String route, String key, Object value) {
        var body = new LinkedHashMap<String, Object>();
        body.put("route", route);
        body.put(key, value);
        return body;
    }

    /** Reads the file through, counting lines: the I/O call of {@code /aggregate}. */
    private long[] readFile() throws IOException {
        long lines = 0;
        long bytes = 0;
        byte[] buffer = new byte[16 * 1_024];
        try (var in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0;) {
                bytes += n;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return new long[] {lines, bytes};
    }

    void deleteFile() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        } catch (IOException e) {
            // A temp file left behind; deleteOnExit tries again.
        }
    }
}
