package dev.loomscope.recording;

import dev.loomscope.model.observe.EarlierStacks;
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

    /** An earlier dump's stacks, to count the threads that kept theirs (null: none); where this dump's are kept (null: not). */
    private final EarlierStacks before;
    private final EarlierStacks keep;

    private ThreadDumpReader(String grep, EarlierStacks before, EarlierStacks keep) {
        this.groups = new ThreadGroups(grep);
        this.before = before;
        this.keep = keep;
    }

    /** Which of a file's dumps {@link #read(FileKind.Sniffed, int, String, ReadProgress)} reads: its last. */
    public static final int LAST_DUMP = -1;

    /** Reads {@code file}'s first dump, grouping the threads whose name or a frame contains {@code grep} (any case; null or "" for all). */
    public static ThreadDumpSummary read(Path file, String grep, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        return read(FileKind.sniff(file), 1, grep, progress);
    }

    /**
     * Reads dump {@code dump} of a file whose kind was told (the first is 1; {@link #LAST_DUMP} the last): a log, or a file
     * jstack's output was added to, holds one dump for each time it was taken; any other dump file holds one. A dump after the
     * first is read with the one before it: its groups count the threads that kept their stack.
     */
    public static ThreadDumpSummary read(FileKind.Sniffed file, int dump, String grep, ReadProgress progress)
            throws UnreadableFileException, InterruptedException {
        return read(file, dump, new DumpIndex(), grep, progress);
    }

    /**
     * As {@link #read(FileKind.Sniffed, int, String, ReadProgress)}, with where the file's dumps begin kept in {@code index}
     * from one read to the next (the window's steps through a log), searched again only if the file changed.
     */
    public static ThreadDumpSummary read(FileKind.Sniffed file, int dump, DumpIndex index, String grep, ReadProgress progress)
            throws UnreadableFileException, InterruptedException {
        if (dump < 1 && dump != LAST_DUMP) {
            throw new IllegalArgumentException("dump=" + dump); // DumpChoice lets no other through
        }
        String searched = grep == null ? "" : grep;
        if (dump == 1 || file.kind() != FileKind.TEXT_THREAD_DUMP) {
            return readOne(file, dump, index, null, searched, progress, null, null);
        }
        long[] headings = index.headings(file.file(), progress);
        int chosen = dump == LAST_DUMP ? Math.max(1, headings.length) : dump;
        EarlierStacks before = null;
        if (chosen > 1 && chosen <= headings.length) {
            // A later dump of a log is read with the one before it: which threads kept the same stack between the two.
            before = new EarlierStacks();
            readOne(file, chosen - 1, index, headings, "", ReadProgress.NONE, null, before);
        }
        ThreadDumpSummary read = readOne(file, chosen, index, headings, searched, progress, before, null);
        return before == null ? read : read.comparedWith(chosen - 1, null);
    }

    /**
     * Reads the dump in {@code later} with the one in {@code earlier}, two dumps of one JVM taken one after the other (any of
     * the JDK's three kinds): the later one's groups count the threads that kept the stack they had in the earlier one. Files
     * of several dumps are refused: each is opened alone and stepped through.
     */
    public static ThreadDumpSummary compare(FileKind.Sniffed earlier, FileKind.Sniffed later, String grep, ReadProgress earlierProgress,
                                            ReadProgress laterProgress)
            throws UnreadableFileException, InterruptedException {
        var before = new EarlierStacks();
        ThreadDumpSummary first = readOne(earlier, 1, new DumpIndex(), null, "", earlierProgress, null, before);
        ThreadDumpSummary second = readOne(later, 1, new DumpIndex(), null, grep == null ? "" : grep, laterProgress, before, null);
        for (ThreadDumpSummary d : List.of(first, second)) {
            if (d.dumps() > 1) {
                throw new UnreadableFileException(Text.get("open.error.compare-several", d.file(), d.dumps()));
            }
        }
        if (first.processId() >= 0 && second.processId() >= 0 && first.processId() != second.processId()) {
            throw new UnreadableFileException(Text.get("open.error.compare-other-jvm", earlier.file(), later.file(), first.processId(), second.processId()));
        }
        return second.comparedWith(1, earlier.file());
    }

    /**
     * Reads dump {@code dump} of {@code file} ({@code headings} if they were searched, else null), counting the threads whose
     * stack is as in {@code before} (null: none) and keeping its stacks in {@code keep} (null: not).
     */
    private static ThreadDumpSummary readOne(FileKind.Sniffed file, int dump, DumpIndex index, long[] headings, String grep, ReadProgress progress,
                                             EarlierStacks before, EarlierStacks keep)
            throws UnreadableFileException, InterruptedException {
        return switch (file.kind()) {
            case THREAD_DUMP -> {
                if (dump > 1) {
                    throw noSuchDump(file.file(), 1, dump);
                }
                yield new ThreadDumpReader(grep, before, keep).readDump(file.file(), grep, progress);
            }
            case TEXT_THREAD_DUMP -> {
                if (dump == 1 && headings == null) {
                    yield TextThreadDumpReader.read(file.file(), file.readFrom(), index, null, 1, grep, progress, before, keep);
                }
                long[] all = headings != null ? headings : index.headings(file.file(), progress);
                if (all.length == 0) {
                    // Thread.dump_to_file's text: one dump, no "Full thread dump" heading.
                    if (dump > 1) {
                        throw noSuchDump(file.file(), 1, dump);
                    }
                    yield TextThreadDumpReader.read(file.file(), file.readFrom(), index, all, 1, grep, progress, before, keep);
                }
                if (dump > all.length) {
                    throw noSuchDump(file.file(), all.length, dump);
                }
                long from = FileKind.readFrom(all[dump - 1], dump == 1 ? -1 : all[dump - 2]);
                yield TextThreadDumpReader.read(file.file(), from, index, all, dump, grep, progress, before, keep);
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
                groups.matched(), containers, groups.sorted(), ThreadDumpSummary.Format.JSON, 0, 1, 1, 0, null, false);
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
        long id = thread.path("tid").asLong(-1);
        groups.add(virtual, thread.path("name").asText(""), frames, thread.hasNonNull("state") ? thread.path("state").asText() : null, container,
                before != null && before.unchanged(id, frames, -1));
        if (keep != null) {
            keep.put(id, frames, -1);
        }
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
