package dev.loomscope.recording;

import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.SubmitFailure;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording from any JVM (JDK 21+) event by event with {@link RecordingFile}, never the
 * whole file at once, into a {@link RecordingSummary}. Pins go through an {@link Observation}, so
 * their hotspots follow the same rule as {@code attach}'s. Blocks for as long as the file takes to
 * read: call it off the window's FX thread. An interrupt stops it between events.
 */
public final class RecordingReader {

    static final String START = "jdk.VirtualThreadStart";
    static final String END = "jdk.VirtualThreadEnd";
    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    static final String LOOMSCOPE_MOUNT = "dev.loomscope.Mount";
    /** Frames kept per pin, as the observer keeps them. */
    private static final int FRAMES_KEPT = 32;
    /** Progress and interrupts are looked at once per this many events. */
    private static final int EVENTS_PER_REPORT = 8_192;
    private static final int STACKS_CACHED = 10_000;

    private enum Kind { START, END, PINNED, SUBMIT_FAILED, SETTING, PROPERTY, JVM, CPU, LOOMSCOPE_MOUNT, OTHER }

    private final Map<EventType, Kind> kinds = new IdentityHashMap<>();
    private final Map<RecordedStackTrace, List<String>> stacks = new IdentityHashMap<>();
    private final Map<String, String> properties = new HashMap<>();
    /** Settings of the virtual-thread events, by event type id and setting name; the last one read wins. */
    private final Map<Long, Map<String, String>> settings = new HashMap<>();
    private final Set<Long> loomscopeCarriers = new HashSet<>();
    private final Set<String> carriers = new TreeSet<>();
    private long pid = -1;
    private String jvmVersion = "";
    private long hardwareThreads = -1;
    private long loomscopeSlices;

    private RecordingReader() {
    }

    /** Reads {@code file}, reporting progress now and then; throws with a one-line message when it is not a whole JFR recording. */
    public static RecordingSummary read(Path file, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        if (FileKind.of(file) != FileKind.JFR) {
            throw new UnreadableFileException(Text.get("open.error.not-jfr", file));
        }
        return new RecordingReader().readChunks(file, JfrChunks.read(file), progress);
    }

    private RecordingSummary readChunks(Path file, JfrChunks chunks, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        long startNanos = chunks.startNanos();
        long endNanos = Math.max(startNanos, chunks.endNanos());
        var observation = new Observation(new ObservedJvm(-1, file.getFileName().toString(), "", 0), startNanos / 1_000_000, () -> endNanos / 1_000_000);
        var tally = new RecordingTally(startNanos, endNanos);
        JfrChunks.Cursor cursor = chunks.new Cursor();
        long events = 0;
        List<EventType> types;
        try (var recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                events++;
                Kind kind = kinds.computeIfAbsent(e.getEventType(), RecordingReader::kindOf);
                if (kind == Kind.OTHER) {
                    if (events % EVENTS_PER_REPORT == 0) {
                        report(progress, cursor, nanos(e.getStartTime()), chunks.size(), events);
                    }
                    continue;
                }
                long nanos = nanos(e.getStartTime());
                switch (kind) {
                    case START -> {
                        observation.virtualThreadStarted(observation.msSinceStart(nanos));
                        tally.started(nanos);
                    }
                    case END -> {
                        observation.virtualThreadEnded(observation.msSinceStart(nanos));
                        tally.ended(nanos);
                    }
                    case PINNED -> pinned(e, nanos, observation, tally);
                    case SUBMIT_FAILED -> observation.submitFailed(new SubmitFailure(observation.msSinceStart(nanos),
                            e.hasField("javaThreadId") ? e.getLong("javaThreadId") : -1, string(e, "exceptionMessage"), frames(e)));
                    case SETTING -> settings.computeIfAbsent(e.getLong("id"), id -> new HashMap<>()).put(string(e, "name"), string(e, "value"));
                    case PROPERTY -> properties.put(string(e, "key"), string(e, "value"));
                    case JVM -> {
                        pid = e.hasField("pid") ? e.getLong("pid") : pid;
                        jvmVersion = string(e, "jvmVersion");
                    }
                    case CPU -> hardwareThreads = e.hasField("hwThreads") ? e.getLong("hwThreads") : -1;
                    case LOOMSCOPE_MOUNT -> {
                        loomscopeSlices++;
                        if (e.hasField("carrier")) {
                            loomscopeCarriers.add(e.getLong("carrier"));
                        }
                    }
                    default -> throw new IllegalStateException(kind.name());
                }
                if (events % EVENTS_PER_REPORT == 0) {
                    report(progress, cursor, nanos, chunks.size(), events);
                }
            }
            types = recording.readEventTypes();
        } catch (IOException | RuntimeException e) {
            // RecordingFile says little more than "not a complete chunk" or an offset: the file is damaged inside.
            throw new UnreadableFileException(Text.get("open.error.damaged", file, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
        progress.progress(chunks.size(), chunks.size(), events);
        return summary(file, chunks, events, observation, tally, types);
    }

    private static void report(ReadProgress progress, JfrChunks.Cursor cursor, long nanos, long size, long events) throws InterruptedException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        progress.progress(cursor.at(nanos), size, events);
    }

    private void pinned(RecordedEvent e, long nanos, Observation observation, RecordingTally tally) {
        RecordedThread thread = e.getThread();
        RecordedThread carrier = e.hasField("carrierThread") ? e.getThread("carrierThread") : null;
        String carrierName = carrier == null || carrier.getJavaName() == null ? "" : carrier.getJavaName();
        if (!carrierName.isEmpty()) {
            carriers.add(carrierName);
        }
        double ms = e.getDuration().toNanos() / 1e6;
        long threadId = thread == null ? -1 : thread.getJavaThreadId();
        observation.pinned(new Pin(observation.msSinceStart(nanos), ms, threadId, carrierName, carrier == null ? -1 : carrier.getJavaThreadId(),
                string(e, "pinnedReason"), string(e, "blockingOperation"), frames(e)));
        tally.pinned(nanos, ms, threadId, thread == null || thread.getJavaName() == null ? "" : thread.getJavaName());
    }

    private RecordingSummary summary(Path file, JfrChunks chunks, long events, Observation observation, RecordingTally tally, List<EventType> types) {
        Map<String, Map<String, String>> byEvent = new HashMap<>();
        for (EventType type : types) {
            Map<String, String> of = settings.get(type.getId());
            if (of != null) {
                byEvent.put(type.getName(), of);
            }
        }
        var snapshotBefore = observation.snapshot();
        boolean startsRecorded = snapshotBefore.virtualThreadStarts() > 0 || "true".equals(byEvent.getOrDefault(START, Map.of()).get("enabled"));
        boolean endsRecorded = snapshotBefore.virtualThreadEnds() > 0 || "true".equals(byEvent.getOrDefault(END, Map.of()).get("enabled"));
        Map<String, String> pinSettings = byEvent.getOrDefault(PINNED, Map.of());
        double thresholdMs = pinSettings.containsKey("threshold") ? thresholdMs(pinSettings.get("threshold")) : -1;

        // The JVM's initial properties hold java.vm.version ("25.0.3+9-LTS"); java.version is set later, in Java code.
        String jdk = properties.getOrDefault("java.version", properties.getOrDefault("java.vm.version", ""));
        String command = properties.getOrDefault("sun.java.command", "");
        String name = command.isBlank() ? file.getFileName().toString() : command.strip().split("\\s+")[0];
        observation.end(ObservationEnd.DURATION_REACHED, Text.get("open.end-of-recording"));
        var target = new ObservedJvm(pid, name, jdk.isEmpty() ? jvmVersion : jdk, ObservedJvm.featureOf(jdk));
        Map<String, Long> scheduler = new HashMap<>();
        long parallelism = number(properties.get("jdk.virtualThreadScheduler.parallelism"));
        long maxPoolSize = number(properties.get("jdk.virtualThreadScheduler.maxPoolSize"));
        if (parallelism > 0) {
            scheduler.put("parallelism", parallelism);
        }
        if (maxPoolSize > 0) {
            scheduler.put("maxPoolSize", maxPoolSize);
        }
        if (hardwareThreads > 0) {
            scheduler.put("hardwareThreads", hardwareThreads);
        }
        var cannot = new ArrayList<String>();
        if (!startsRecorded || !endsRecorded) {
            cannot.add(Text.get("open.cannot.starts", !startsRecorded && !endsRecorded ? START + ", " + END : !startsRecorded ? START : END));
        }
        if (!"true".equals(pinSettings.getOrDefault("enabled", "true"))) {
            cannot.add(Text.get("open.cannot.pins"));
        } else if (thresholdMs > 0) {
            cannot.add(Text.get("open.cannot.short-pins", thresholdMs));
        }
        if (loomscopeSlices == 0) {
            cannot.add(Text.get("open.cannot.mounts"));
        }
        cannot.add(Text.get("open.cannot.scheduler"));
        if (tally.threadsCapped()) {
            cannot.add(Text.get("open.cannot.threads", RecordingTally.THREADS_COUNTED));
        }
        return new RecordingSummary(file, chunks.size(), events, withTarget(observation.snapshot(), target), startsRecorded, endsRecorded,
                thresholdMs, tally.seconds(chunks.endNanos() - chunks.startNanos()), tally.bucketSeconds(), tally.durations(), tally.mostPinned(),
                !tally.threadsCapped(), scheduler, List.copyOf(carriers), loomscopeSlices, loomscopeCarriers.size(), cannot);
    }

    /** The JVM is known only once its properties are read, which may come after its first events. */
    private static ObservationSnapshot withTarget(ObservationSnapshot s, ObservedJvm target) {
        return new ObservationSnapshot(target, s.startEpochMs(), s.elapsedMs(), s.end(), s.endMessage(), s.coverage(), s.notes(), s.bucketMs(),
                s.threadBuckets(), s.virtualThreadStarts(), s.virtualThreadEnds(), s.aliveBaseline(), s.schedulerSamples(),
                s.schedulerParallelism(), s.schedulerPoolSizeMax(), s.mountedMax(), s.queuedMax(), s.pinnedEvents(), s.pinnedMs(),
                s.pinnedReasons(), s.pins(), s.pinHotspots(), s.submitFailed(), s.submitFailures(), s.threadDump(), s.version());
    }

    private static Kind kindOf(EventType type) {
        return switch (type.getName()) {
            case START -> Kind.START;
            case END -> Kind.END;
            case PINNED -> Kind.PINNED;
            case SUBMIT_FAILED -> Kind.SUBMIT_FAILED;
            case "jdk.ActiveSetting" -> Kind.SETTING;
            case "jdk.InitialSystemProperty" -> Kind.PROPERTY;
            case "jdk.JVMInformation" -> Kind.JVM;
            case "jdk.CPUInformation" -> Kind.CPU;
            case LOOMSCOPE_MOUNT -> Kind.LOOMSCOPE_MOUNT;
            default -> Kind.OTHER;
        };
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** A threshold as JFR writes it ("20 ms", "0 ns", "1 s"), in ms; -1 when it reads as none. */
    static double thresholdMs(String value) {
        String[] parts = value.strip().split("\\s+");
        if (parts.length != 2) {
            return -1;
        }
        try {
            double n = Double.parseDouble(parts[0]);
            return switch (parts[1]) {
                case "ns" -> n / 1e6;
                case "us" -> n / 1e3;
                case "ms" -> n;
                case "s" -> n * 1e3;
                case "m" -> n * 60e3;
                case "h" -> n * 3600e3;
                case "d" -> n * 86400e3;
                default -> -1;
            };
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long number(String value) {
        try {
            return value == null ? -1 : Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String string(RecordedEvent e, String field) {
        return e.hasField(field) && e.getString(field) != null ? e.getString(field) : "";
    }

    /** The top frames as the observer writes them; a stack shared by many events is turned into text once. */
    private List<String> frames(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return List.of();
        }
        List<String> frames = stacks.get(trace);
        if (frames == null) {
            if (stacks.size() == STACKS_CACHED) {
                stacks.clear();
            }
            frames = trace.getFrames().stream().limit(FRAMES_KEPT).map(RecordingReader::frame).toList();
            stacks.put(trace, frames);
        }
        return frames;
    }

    private static String frame(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName()
                + (!f.isJavaFrame() ? Text.get("frame.native") : f.getLineNumber() >= 0 ? ":" + f.getLineNumber() : "");
    }
}
