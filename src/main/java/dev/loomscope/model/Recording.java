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

    private long[] times = new long[4_096];
    private int[] tasks = new int[4_096];
    private byte[] types = new byte[4_096];
    private int[] threads = new int[4_096];
    private int[] carriers = new int[4_096];
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
            truncated = true;
            return;
        }
        for (int i = 0; i < n; i++) {
            times[size] = batch.timeNanos(i);
            tasks[size] = batch.task(i);
            types[size] = batch.typeCode(i);
            threads[size] = (int) batch.threadId(i);
            carriers[size] = (int) batch.carrierId(i);
            size++;
        }
    }

    void add(Sample sample) {
        samples.add(sample);
    }

    private void ensure(int capacity) {
        if (capacity > times.length) {
            int grown = Math.max(capacity, Math.min(MAX_EVENTS, times.length + times.length / 2));
            times = Arrays.copyOf(times, grown);
            tasks = Arrays.copyOf(tasks, grown);
            types = Arrays.copyOf(types, grown);
            threads = Arrays.copyOf(threads, grown);
            carriers = Arrays.copyOf(carriers, grown);
        }
    }

    /** Gives back the spare room once the run has ended: 21 bytes an event from then on. */
    void trim() {
        times = Arrays.copyOf(times, size);
        tasks = Arrays.copyOf(tasks, size);
        types = Arrays.copyOf(types, size);
        threads = Arrays.copyOf(threads, size);
        carriers = Arrays.copyOf(carriers, size);
    }

    public int size() {
        return size;
    }

    public boolean truncated() {
        return truncated;
    }

    public long timeNanos(int i) {
        return times[i];
    }

    public int task(int i) {
        return tasks[i];
    }

    public byte typeCode(int i) {
        return types[i];
    }

    public long threadId(int i) {
        return threads[i];
    }

    public long carrierId(int i) {
        return carriers[i];
    }

    public List<Sample> samples() {
        return List.copyOf(samples);
    }

    /**
     * The events' indices in time order. Events come from several rings, so the recording is only
     * roughly ordered; a replay must not show a task end before it starts.
     */
    public int[] timeOrder() {
        // Sort (microseconds << 23 | index): 40 bits of time (12 days) above 23 bits of index (8M events).
        long[] keys = new long[size];
        for (int i = 0; i < size; i++) {
            keys[i] = (Math.max(0, times[i]) / 1_000) << 23 | i;
        }
        Arrays.sort(keys);
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = (int) (keys[i] & ((1 << 23) - 1));
        }
        return order;
    }
}
