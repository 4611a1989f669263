package dev.loomscope.recording;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.recording.ThreadDumpSummary.Container;
import dev.loomscope.recording.ThreadDumpSummary.Group;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the JDK's JSON thread dump ({@code jcmd PID Thread.dump_to_file -format=json FILE};
 * {@code threadDump.threadContainers[].threads[]}) as a stream, one thread at a time, so a dump of a
 * million threads is grouped without being held whole. Blocks: call it off the FX thread.
 */
public final class ThreadDumpReader {

    static final int NAMES_KEPT = 5;
    private static final int THREADS_PER_REPORT = 4_096;

    private final ObjectMapper mapper = new ObjectMapper();
    private final String grep;
    private final Map<GroupKey, Tally> groups = new HashMap<>();
    private final List<Container> containers = new ArrayList<>();
    private long virtualThreads;
    private long platformThreads;
    private long matched;

    private record GroupKey(boolean virtual, List<String> frames) {
    }

    private static final class Tally {
        long count;
        final Map<String, Long> states = new TreeMap<>();
        final LinkedHashSet<String> containers = new LinkedHashSet<>();
        final List<String> names = new ArrayList<>();
    }

    private ThreadDumpReader(String grep) {
        this.grep = grep == null ? "" : grep.toLowerCase(Locale.ROOT);
    }

    /** Reads {@code file}, grouping the threads whose name or a frame contains {@code grep} (any case; null or "" for all). */
    public static ThreadDumpSummary read(Path file, String grep, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        if (FileKind.of(file) != FileKind.THREAD_DUMP) {
            throw new UnreadableFileException(Text.get("open.error.not-dump", file));
        }
        return new ThreadDumpReader(grep).readDump(file, grep == null ? "" : grep, progress);
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
        progress.progress(size, size, virtualThreads + platformThreads);
        List<Group> sorted = groups.entrySet().stream()
                .map(e -> new Group(e.getKey().frames(), e.getValue().count, e.getKey().virtual(), e.getValue().states,
                        List.copyOf(e.getValue().containers), e.getValue().names))
                .sorted((a, b) -> a.count() != b.count() ? Long.compare(b.count(), a.count()) : Boolean.compare(b.virtual(), a.virtual()))
                .toList();
        return new ThreadDumpSummary(file, size, processId, time, runtime, virtualThreads, platformThreads, grepAsGiven, matched, containers, sorted);
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
                        if ((virtualThreads + platformThreads) % THREADS_PER_REPORT == 0) {
                            if (Thread.currentThread().isInterrupted()) {
                                throw new InterruptedException();
                            }
                            progress.progress(Math.min(size, parser.currentLocation().getByteOffset()), size, virtualThreads + platformThreads);
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
        if (virtual) {
            virtualThreads++;
        } else {
            platformThreads++;
        }
        String name = thread.path("name").asText("");
        var frames = new ArrayList<String>();
        thread.path("stack").forEach(frame -> frames.add(frame.asText()));
        if (!grep.isEmpty() && !name.toLowerCase(Locale.ROOT).contains(grep)
                && frames.stream().noneMatch(f -> f.toLowerCase(Locale.ROOT).contains(grep))) {
            return virtual;
        }
        matched++;
        Tally tally = groups.computeIfAbsent(new GroupKey(virtual, List.copyOf(frames)), k -> new Tally());
        tally.count++;
        if (thread.hasNonNull("state")) {
            tally.states.merge(thread.path("state").asText(), 1L, Long::sum);
        }
        if (tally.containers.size() < NAMES_KEPT) {
            tally.containers.add(container);
        }
        if (!name.isEmpty() && tally.names.size() < NAMES_KEPT) {
            tally.names.add(name);
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
