package dev.loomscope.model;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.Sample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every lifecycle event and sample of a run, kept so the run can be replayed slowly and exported
 * as a timeline. 21 bytes an event (a million-task run: about 100 MB); past {@link #MAX_EVENTS}
 * the rest is not kept, and {@link #truncated()} says so. Written by the runner's reader thread,
 * read once the run has ended.
 */
public final class Recording {

    public static final int MAX_EVENTS = 8_000_000;

    /**
     * Events are kept in chunks of {@link #CHUNK} (1.3 MB each): a growing run adds a chunk, never
     * copies what it holds. One array per column that grew by half each time copied a million-task
     * run's 100 MB three times over on the reader thread, and each copy, too large for the young
     * generation, went straight to the old one, whose collections stopped the window's frames.
     */
    static final int CHUNK_BITS = 16;
    static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private long[][] times = new long[8][];
    private int[][] tasks = new int[8][];
    private byte[][] types = new byte[8][];
    private int[][] threads = new int[8][];
    private int[][] carriers = new int[8][];
    private int size;
    private boolean truncated;
    private final List<Sample> samples = new ArrayList<>();

    void add(EventBatch batch) {
        if (truncated) {
            return;
        }
        int n = batch.size();
        if (size + n > MAX_EVENTS) {
            truncated = true;
            n = MAX_EVENTS - size;
        }
        try {
            ensure(size + n);
        } catch (OutOfMemoryError e) {
            // The run matters more than its replay: stop keeping events, never fail the run for it.
            stopKeeping();
            return;
        }
        for (int i = 0; i < n; i++) {
            int chunk = size >>> CHUNK_BITS;
            int at = size & MASK;
            times[chunk][at] = batch.timeNanos(i);
            tasks[chunk][at] = batch.task(i);
            types[chunk][at] = batch.typeCode(i);
            threads[chunk][at] = (int) batch.threadId(i);
            carriers[chunk][at] = (int) batch.carrierId(i);
            size++;
        }
    }

    /** Keeps no more events (the heap could not grow for them): the batch being added is not kept either. */
    void stopKeeping() {
        truncated = true;
    }

    void add(Sample sample) {
        samples.add(sample);
    }

    private void ensure(int capacity) {
        int chunks = (capacity + MASK) >>> CHUNK_BITS;
        if (chunks > times.length) {
            int grown = Math.max(chunks, times.length * 2);
            times = Arrays.copyOf(times, grown);
            tasks = Arrays.copyOf(tasks, grown);
            types = Arrays.copyOf(types, grown);
            threads = Arrays.copyOf(threads, grown);
            carriers = Arrays.copyOf(carriers, grown);
        }
        for (int chunk = size >>> CHUNK_BITS; chunk < chunks; chunk++) {
            if (times[chunk] == null) {
                times[chunk] = new long[CHUNK];
                tasks[chunk] = new int[CHUNK];
                types[chunk] = new byte[CHUNK];
                threads[chunk] = new int[CHUNK];
                carriers[chunk] = new int[CHUNK];
            } else if (times[chunk].length < CHUNK) {
                // Trimmed, and written to again.
                times[chunk] = Arrays.copyOf(times[chunk], CHUNK);
                tasks[chunk] = Arrays.copyOf(tasks[chunk], CHUNK);
                types[chunk] = Arrays.copyOf(types[chunk], CHUNK);
                threads[chunk] = Arrays.copyOf(threads[chunk], CHUNK);
                carriers[chunk] = Arrays.copyOf(carriers[chunk], CHUNK);
            }
        }
    }

    /** Gives back the spare room once the run has ended: only the last chunk has any. 21 bytes an event from then on. */
    void trim() {
        int chunks = (size + MASK) >>> CHUNK_BITS;
        times = Arrays.copyOf(times, chunks);
        tasks = Arrays.copyOf(tasks, chunks);
        types = Arrays.copyOf(types, chunks);
        threads = Arrays.copyOf(threads, chunks);
        carriers = Arrays.copyOf(carriers, chunks);
        int used = size & MASK;
        if (chunks > 0 && used != 0) {
            int last = chunks - 1;
            times[last] = Arrays.copyOf(times[last], used);
            tasks[last] = Arrays.copyOf(tasks[last], used);
            types[last] = Arrays.copyOf(types[last], used);
            threads[last] = Arrays.copyOf(threads[last], used);
            carriers[last] = Arrays.copyOf(carriers[last], used);
        }
    }

    public int size() {
        return size;
    }

    public boolean truncated() {
        return truncated;
    }

    public long timeNanos(int i) {
        return times[i >>> CHUNK_BITS][i & MASK];
    }

    public int task(int i) {
        return tasks[i >>> CHUNK_BITS][i & MASK];
    }

    public byte typeCode(int i) {
        return types[i >>> CHUNK_BITS][i & MASK];
    }

    public long threadId(int i) {
        return threads[i >>> CHUNK_BITS][i & MASK];
    }

    public long carrierId(int i) {
        return carriers[i >>> CHUNK_BITS][i & MASK];
    }

    public List<Sample> samples() {
        return List.copyOf(samples);
    }

    /**
     * The events' indices in time order. Events come from several rings, so the recording is only
     * roughly ordered; a replay must not show a task end before it starts.
     */
    public int[] timeOrder() {
        return TimeKeys.order(size, this::timeNanos);
    }
}
