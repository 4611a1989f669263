package dev.loomscope.recording;

import dev.loomscope.model.observe.EarlierStacks;
import dev.loomscope.text.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JDK's thread dumps in text, line by line, into the same groups as its JSON dump:
 * <ul>
 *   <li>{@code jcmd PID Thread.dump_to_file FILE}: every thread, virtual ones included ("#75 "name" virtual RUNNABLE"),
 *       its frames as the JSON dump writes them;</li>
 *   <li>{@code jstack PID}, {@code jcmd PID Thread.print} and a SIGQUIT dump in a log: the platform threads, with a virtual
 *       thread only where a carrier says it is mounted ("Mounted virtual thread #80", or JDK 21's "Carrying virtual thread
 *       #80", with none of its frames); its frames are written
 *       "class.method(module@version/File.java:N)" and are read as the JSON dump's "module/class.method(File.java:N)", so
 *       the same code groups the same way whichever dump it came from. A log holds one such dump each time its JVM was
 *       sent SIGQUIT, anywhere in it; one of them is read, and they are counted.</li>
 * </ul>
 * Neither names a thread's container.
 */
final class TextThreadDumpReader {

    /** {@code #75 "loomscope-exchange-30" virtual RUNNABLE 2026-11-28T17:53:59.114Z}: id, name, then the rest. */
    private static final Pattern TEXT_THREAD = Pattern.compile("^#(\\d+) \"(.*)\"(.*)$");
    /** {@code "main" #3 [26040] prio=5 ...}: a Java thread; the JVM's own threads ({@code "VM Thread" os_prio=0 ...}) have no id. */
    private static final Pattern JSTACK_THREAD = Pattern.compile("^\"(.*)\" #(\\d+)");
    private static final Pattern JSTACK_STATE = Pattern.compile("^\\s+java\\.lang\\.Thread\\.State: (\\w+)");
    private static final Pattern MOUNTED = Pattern.compile("^\\s+Mounted virtual thread #(\\d+)");
    /** A carrier's note of the virtual thread it carries; JDK 21 writes no "Mounted" section with that thread's frames after it. */
    private static final Pattern CARRYING = Pattern.compile("^\\s+Carrying virtual thread #(\\d+)");
    private static final Pattern STATE = Pattern.compile("[A-Z_]+");
    /** jstack's "elapsed=12.34s": how long the thread has lived, so that a thread id seen again after a restart is not taken for the same thread. */
    private static final Pattern ELAPSED = Pattern.compile(" elapsed=(\\d+(?:\\.\\d+)?)s");

    private final ThreadGroups groups;
    private ThreadDumpSummary.Format format;
    private long processId = -1;
    private String time = "";
    private String runtime = "";
    /** The thread being read: null between threads and in the JVM's own. */
    private String name;
    private boolean virtual;
    private String state;
    private final List<String> frames = new ArrayList<>();
    /** The virtual thread the carrier being read says it carries, until its own frames begin; null if none. */
    private String carried;
    private long framesUnwritten;
    /** Whether the file ended before the jstack dump did: its first part alone was read. */
    private boolean cutShort;
    /** Which of the file's dumps is read (the first is 1), and how many it holds (a log, the signal sent more than once). */
    private final int dump;
    private int dumps;
    /** Where each of the file's "Full thread dump" lines starts, or null until it is searched (in {@link #index}). */
    private long[] headings;
    private final DumpIndex index;
    /** The thread being read's id and age (jstack's "#21" and "elapsed="), -1 where the dump gives none. */
    private long id = -1;
    private double elapsed = -1;
    /** An earlier dump's stacks, to count the threads whose stack is unchanged; null when there is none. */
    private final EarlierStacks before;
    /** Where the stacks of the dump being read are kept, when it is read for a later one; else null. */
    private final EarlierStacks keep;

    private TextThreadDumpReader(String grep, DumpIndex index, long[] headings, int dump, EarlierStacks before, EarlierStacks keep) {
        this.groups = new ThreadGroups(grep);
        this.index = index;
        this.headings = headings;
        this.dump = dump;
        this.dumps = dump;
        this.before = before;
        this.keep = keep;
    }

    /**
     * Reads dump {@code dump} of {@code file} from {@code from} (0, or a little before a log's dump: {@link FileKind#sniff},
     * {@link FileKind#readFrom}), given where the file's dumps begin ({@code headings}) if it was searched, else null; counting
     * the threads whose stack is as it was in {@code before} (null: none), and keeping its own stacks in {@code keep} (null: not).
     */
    static ThreadDumpSummary read(Path file, long from, DumpIndex index, long[] headings, int dump, String grep, ReadProgress progress,
                                  EarlierStacks before, EarlierStacks keep)
            throws UnreadableFileException, InterruptedException {
        return new TextThreadDumpReader(grep, index, headings, dump, before, keep).readDump(file, from, grep, progress);
    }

    private ThreadDumpSummary readDump(Path file, long from, String grep, ReadProgress progress)
            throws UnreadableFileException, InterruptedException {
        long size;
        long read = 0;
        // A service's log may hold bytes that are not UTF-8 around its dump: they are replaced, not taken as damage.
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE);
        try (var stream = Files.newInputStream(file); BufferedReader in = new BufferedReader(new java.io.InputStreamReader(stream, decoder))) {
            size = Files.size(file);
            List<String> before = new ArrayList<>();
            if (from > 0) {
                // A log whose dump comes further on: read from a little before it, the line cut there left out.
                stream.skipNBytes(from);
                in.readLine();
                read = from;
            }
            String line;
            // A jstack dump ends with its "JNI global refs" line, or where the next begins; a file that ends before either
            // holds only the first part of it (read just as the JVM was writing it, or cut).
            boolean ended = false;
            while ((line = in.readLine()) != null) {
                read += line.length() + 1;
                if (format == null) {
                    if (read - from > FileKind.TEXT_HEAD_BYTES * 2L) {
                        break; // no heading where the file's kind was told: not a dump this reads
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedException();
                    }
                    startOf(line, before);
                    continue;
                }
                if (format == ThreadDumpSummary.Format.JSTACK && isHeading(line)) {
                    ended = true;
                    countDumps(file); // this dump, whole; another follows
                    break;
                }
                if (format == ThreadDumpSummary.Format.JSTACK && line.startsWith("JNI global refs")) {
                    ended = true;
                    // The dump's end: the file is searched for others only if it goes on.
                    if (headings != null || in.readLine() != null) {
                        countDumps(file);
                    }
                    break;
                }
                long threadsBefore = groups.threads();
                if (format == ThreadDumpSummary.Format.TEXT) {
                    textLine(line);
                } else {
                    jstackLine(line);
                }
                // A carrier and the thread it carries can be counted at once: a report is due whenever a multiple is passed.
                if (groups.threads() / ThreadDumpReader.THREADS_PER_REPORT != threadsBefore / ThreadDumpReader.THREADS_PER_REPORT) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedException();
                    }
                    progress.progress(Math.min(size, read), size, groups.threads());
                }
            }
            endThread();
            cutShort = format == ThreadDumpSummary.Format.JSTACK && !ended;
        } catch (java.io.EOFException e) {
            // Skipping to a dump the search found, the file was shorter: it changed since (a log rotated or cut).
            throw new UnreadableFileException(Text.get("open.error.changed", file), e);
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.damaged", file, String.valueOf(e.getMessage()).lines().findFirst().orElse("")), e);
        }
        if (groups.threads() == 0) {
            throw new UnreadableFileException(dumps > 1 ? Text.get("open.error.no-threads.dump", file, dump) : Text.get("open.error.no-threads", file));
        }
        progress.progress(size, size, groups.threads());
        return new ThreadDumpSummary(file, size, processId, time, runtime, groups.virtualThreads(), groups.platformThreads(), grep,
                groups.matched(), List.of(), groups.sorted(), format, framesUnwritten, dump, dumps, 0, null, cutShort);
    }

    /** How many dumps the file holds: its headings, searched now if they were not before. */
    private void countDumps(Path file) throws UnreadableFileException, InterruptedException {
        if (headings == null) {
            headings = index.headings(file, ReadProgress.NONE);
        }
        dumps = Math.max(dump, headings.length);
    }

    /** Whether {@code line} is one of jstack's headings, by {@link FileKind}'s rule. */
    private static boolean isHeading(String line) {
        return FileKind.jstackHeadingRuntime(line) != null;
    }

    /** The lines before the first thread: {@code Thread.dump_to_file}'s pid, instant and version, or jstack's time and heading. */
    private void startOf(String line, List<String> before) {
        // FileKind's rule: a log's own line about a dump ("Full thread dump requested") is no heading.
        String heading = FileKind.jstackHeadingRuntime(line);
        if (heading != null) {
            format = ThreadDumpSummary.Format.JSTACK;
            runtime = heading;
            // jstack writes the time on the line before: "2026-11-28 17:53:59".
            time = before.isEmpty() ? "" : before.getLast().strip();
            return;
        }
        if (TEXT_THREAD.matcher(line).matches() && before.size() >= 3) {
            format = ThreadDumpSummary.Format.TEXT;
            processId = parseLong(before.get(0).strip());
            time = before.get(1).strip();
            runtime = before.get(2).strip();
            textLine(line);
            return;
        }
        if (!line.isBlank()) {
            before.add(line);
            if (before.size() > 3) {
                before.removeFirst(); // the heading needs the last three at most
            }
        }
    }

    private void textLine(String line) {
        Matcher thread = TEXT_THREAD.matcher(line);
        if (thread.matches()) {
            endThread();
            // The name runs to the last quote: a name may hold quotes of its own, the rest of the line none.
            int close = line.lastIndexOf('"');
            name = line.substring(line.indexOf('"') + 1, close);
            id = parseLong(thread.group(1));
            String[] rest = line.substring(close + 1).strip().split(" ");
            int at = 0;
            virtual = rest.length > at && rest[at].equals("virtual");
            if (virtual) {
                at++;
            }
            state = rest.length > at && STATE.matcher(rest[at]).matches() ? rest[at] : null;
            return;
        }
        frame(line);
    }

    private void jstackLine(String line) {
        Matcher thread = JSTACK_THREAD.matcher(line);
        if (thread.find()) {
            endThread();
            name = thread.group(1);
            id = parseLong(thread.group(2));
            Matcher age = ELAPSED.matcher(line);
            elapsed = age.find() ? Double.parseDouble(age.group(1)) : -1;
            virtual = false;
            state = null;
            return;
        }
        if (line.startsWith("\"")) {
            endThread(); // one of the JVM's own threads: no Java stack, and no thread of the JSON dump
            return;
        }
        Matcher mounted = MOUNTED.matcher(line);
        if (mounted.find() && name != null) {
            // The carrier's frames end here; the virtual thread it carries begins.
            carried = null;
            endThread();
            name = "#" + mounted.group(1);
            id = parseLong(mounted.group(1));
            elapsed = -1;
            virtual = true;
            state = "RUNNABLE"; // mounted, so running, as the JSON dump says of it (the carrier's lines give no state)
            return;
        }
        Matcher carrying = CARRYING.matcher(line);
        if (carrying.find() && name != null) {
            carried = carrying.group(1);
            return;
        }
        Matcher stateLine = JSTACK_STATE.matcher(line);
        if (stateLine.find()) {
            state = stateLine.group(1);
            return;
        }
        frame(line);
    }

    private void frame(String line) {
        if (name == null || line.isBlank() || !Character.isWhitespace(line.charAt(0))) {
            return;
        }
        String frame = line.strip();
        if (frame.startsWith("at ")) {
            frames.add(asModulePath(frame.substring(3)));
        } else if (format == ThreadDumpSummary.Format.TEXT && frame.endsWith(")") && frame.indexOf('(') > 0 && !frame.startsWith("- ")) {
            frames.add(frame); // JDK 21 wrote Thread.dump_to_file's frames without "at"
        }
        // Else a lock held or waited for ("- locked <0x...>": its address differs from thread to thread) or a compiler
        // thread's note ("No compile task"): not frames.
    }

    /** jstack's "class.method(module@version/File.java:N)" as the JSON dump's "module/class.method(File.java:N)"; others as they are. */
    static String asModulePath(String frame) {
        int open = frame.lastIndexOf('(');
        int slash = open < 0 ? -1 : frame.indexOf('/', open);
        if (slash < 0 || !frame.endsWith(")")) {
            return frame;
        }
        String module = frame.substring(open + 1, slash);
        int version = module.indexOf('@');
        module = version < 0 ? module : module.substring(0, version);
        return module + "/" + frame.substring(0, open + 1) + frame.substring(slash + 1);
    }

    private void endThread() {
        if (name != null) {
            groups.add(virtual, name, frames, state, null, unchanged(id, frames, elapsed));
            remember(id, frames, elapsed);
        }
        name = null;
        id = -1;
        elapsed = -1;
        frames.clear();
        if (carried != null) {
            // A carrier whose dump (JDK 21's) named the virtual thread it carries but wrote none of its frames: the thread
            // is counted, mounted and so running, with no frames rather than its carrier's.
            long carriedId = parseLong(carried);
            groups.add(true, "#" + carried, List.of(), "RUNNABLE", null, unchanged(carriedId, List.of(), -1));
            remember(carriedId, List.of(), -1);
            framesUnwritten++;
            carried = null;
        }
    }

    /** Whether thread {@code id} had this same stack in the earlier dump ({@link EarlierStacks#unchanged}). */
    private boolean unchanged(long id, List<String> stack, double age) {
        return before != null && before.unchanged(id, stack, age);
    }

    private void remember(long id, List<String> stack, double age) {
        if (keep != null) {
            keep.put(id, stack, age);
        }
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
