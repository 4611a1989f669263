package dev.loomscope.recording;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.recording.ThreadDumpSummary.Container;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a thread dump as a stream, one thread at a time, so a dump of a million threads is grouped
 * without being held whole: the JDK's JSON dump ({@code jcmd PID Thread.dump_to_file -format=json FILE};
 * {@code threadDump.threadContainers[].threads[]}) here, its text dumps in {@link TextThreadDumpReader}.
 * Blocks: call it off the FX thread.
 */
public final class ThreadDumpReader {

    static final int THREADS_PER_REPORT = 4_096;

    private final ObjectMapper mapper = new ObjectMapper();
    private final ThreadGroups groups;
    private final List<Container> containers = new ArrayList<>();

    private ThreadDumpReader(String grep) {
        this.groups = new ThreadGroups(grep);
    }

    /** Which of a file's dumps {@link #read(FileKind.Sniffed, int, String, ReadProgress)} reads: its last. */
    public static final int LAST_DUMP = -1;

    /** Reads {@code file}'s first dump, grouping the threads whose name or a frame contains {@code grep} (any case; null or "" for all). */
    public static ThreadDumpSummary read(Path file, String grep, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        return read(FileKind.sniff(file), 1, grep, progress);
    }

    /**
     * Reads dump {@code dump} of a file whose kind was told (the first is 1; {@link #LAST_DUMP} the last): a log, or a file
     * jstack's output was added to, holds one dump for each time it was taken; any other dump file holds one.
     */
    public static ThreadDumpSummary read(FileKind.Sniffed file, int dump, String grep, ReadProgress progress)
            throws UnreadableFileException, InterruptedException {
        if (dump < 1 && dump != LAST_DUMP) {
            throw new IllegalArgumentException("dump=" + dump); // DumpChoice lets no other through
        }
        String searched = grep == null ? "" : grep;
        return switch (file.kind()) {
            case THREAD_DUMP -> {
                if (dump > 1) {
                    throw noSuchDump(file.file(), 1, dump);
                }
                yield new ThreadDumpReader(searched).readDump(file.file(), searched, progress);
            }
            case TEXT_THREAD_DUMP -> {
                if (dump == 1) {
                    yield TextThreadDumpReader.read(file.file(), file.readFrom(), null, 1, searched, progress);
                }
                long[] headings = FileKind.jstackHeadings(file.file(), Integer.MAX_VALUE);
                if (headings == null) {
                    throw new InterruptedException();
                }
                if (headings.length == 0) {
                    // Thread.dump_to_file's text: one dump, no "Full thread dump" heading.
                    if (dump > 1) {
                        throw noSuchDump(file.file(), 1, dump);
                    }
                    yield TextThreadDumpReader.read(file.file(), file.readFrom(), headings, 1, searched, progress);
                }
                int chosen = dump == LAST_DUMP ? headings.length : dump;
                if (chosen > headings.length) {
                    throw noSuchDump(file.file(), headings.length, dump);
                }
                long from = FileKind.readFrom(headings[chosen - 1], chosen == 1 ? -1 : headings[chosen - 2]);
                yield TextThreadDumpReader.read(file.file(), from, headings, chosen, searched, progress);
            }
            case JFR -> throw new UnreadableFileException(Text.get("open.error.not-dump", file.file()));
        };
    }

    private static UnreadableFileException noSuchDump(Path file, int dumps, int asked) {
        return new UnreadableFileException(dumps == 1 ? Text.get("open.error.no-such-dump.one", file, asked)
                : Text.get("open.error.no-such-dump", file, dumps, asked));
    }

    private ThreadDumpSummary readDump(Path file, String grepAsGiven, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        long size;
        long processId = -1;
        String time = "";
        String runtime = "";
        boolean sawContainers = false;
        try (JsonParser parser = new JsonFactory(mapper).createParser(file.toFile())) {
            size = Files.size(file);
            if (parser.nextToken() != JsonToken.START_OBJECT || !seekField(parser, "threadDump") || parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnreadableFileException(Text.get("open.error.not-dump", file));
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "processId" -> processId = parser.getValueAsLong(-1);
                    case "time" -> time = parser.getValueAsString("");
                    case "runtimeVersion" -> runtime = parser.getValueAsString("");
                    case "threadContainers" -> {
                        if (parser.currentToken() != JsonToken.START_ARRAY) {
                            throw new UnreadableFileException(Text.get("open.error.not-dump", file));
                        }
                        sawContainers = true;
                        while (parser.nextToken() == JsonToken.START_OBJECT) {
                            container(parser, size, progress);
                        }
                    }
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            // Jackson names the place: "Unexpected end-of-input ... at [line: 9, column: 3]".
            throw new UnreadableFileException(Text.get("open.error.damaged", file, e.getMessage().lines().findFirst().orElse("")), e);
        }
        if (!sawContainers) {
            throw new UnreadableFileException(Text.get("open.error.not-dump", file));
        }
        progress.progress(size, size, groups.threads());
        return new ThreadDumpSummary(file, size, processId, time, runtime, groups.virtualThreads(), groups.platformThreads(), grepAsGiven,
                groups.matched(), containers, groups.sorted(), ThreadDumpSummary.Format.JSON, 0, 1, 1, 0);
    }

    private void container(JsonParser parser, long size, ReadProgress progress) throws IOException, InterruptedException {
        String name = "";
        String parent = "";
        long owner = -1;
        long virtual = 0;
        long platform = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "container" -> name = parser.getValueAsString("");
                case "parent" -> parent = value == JsonToken.VALUE_NULL ? "" : parser.getValueAsString("");
                case "owner" -> owner = value == JsonToken.VALUE_NULL ? -1 : parser.getValueAsLong(-1);
                case "threads" -> {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode thread = parser.readValueAsTree();
                        if (thread(thread, name)) {
                            virtual++;
                        } else {
                            platform++;
                        }
                        if (groups.threads() % THREADS_PER_REPORT == 0) {
                            if (Thread.currentThread().isInterrupted()) {
                                throw new InterruptedException();
                            }
                            progress.progress(Math.min(size, parser.currentLocation().getByteOffset()), size, groups.threads());
                        }
                    }
                }
                default -> parser.skipChildren();
            }
        }
        containers.add(new Container(name, parent, owner, virtual, platform));
    }

    /** Counts and groups one thread; true when it is virtual. */
    private boolean thread(JsonNode thread, String container) {
        boolean virtual = thread.path("virtual").asBoolean(false);
        var frames = new ArrayList<String>();
        thread.path("stack").forEach(frame -> frames.add(frame.asText()));
        groups.add(virtual, thread.path("name").asText(""), frames, thread.hasNonNull("state") ? thread.path("state").asText() : null, container);
        return virtual;
    }

    /** Moves to the value of {@code name} in the current object, skipping the fields before it. */
    private static boolean seekField(JsonParser parser, String name) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            if (parser.currentName().equals(name)) {
                return true;
            }
            parser.nextToken();
            parser.skipChildren();
        }
        return false;
    }
}
