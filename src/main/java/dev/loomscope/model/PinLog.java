package dev.loomscope.model;

import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.PinHotspots;
import dev.loomscope.protocol.JfrEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every pin of a run, however many: a replay, a task's story, the timeline export, the lanes'
 * tooltips and the hotspots read them all, where the event list shows only its first
 * {@link JfrEventList#MAX_KEPT} events. A pin costs 40 bytes here: its times, thread,
 * carrier and lane in arrays, and its reason, operation and stack once per distinct site (a
 * pinning run has a handful). The run's reader thread adds; any thread reads.
 */
public final class PinLog {

    /** Where pins happen: one per distinct reason, blocking operation and stack, with its pins' totals. */
    private record Site(String reason, String blockingOperation, String stackTrace) {
    }

    private static final class Totals {
        long count;
        long nanos;
        long maxNanos;
    }

    private final Map<Site, Integer> siteIndex = new HashMap<>();
    private final List<Site> sites = new ArrayList<>();
    private final List<Totals> totals = new ArrayList<>();
    /** Each site as the hotspot grouping reads a pin, made once: its stack split into frames. */
    private final List<Pin> sitePins = new ArrayList<>();
    /** Every pin's count and time, kept whole when the log keeps only its first pins. */
    private long pinned;
    private long pinnedNanos;
    private long[] times = new long[64];
    private long[] durations = new long[64];
    private long[] threads = new long[64];
    private long[] carriers = new long[64];
    private int[] lanes = new int[64];
    private int[] siteOf = new int[64];
    /** The pins whose thread this run named ({@link #setThread}), where JFR sent none. */
    private java.util.BitSet namedHere = new java.util.BitSet();
    private int size;

    /** Adds a pin; returns its index. */
    synchronized int add(JfrEvent pin, int lane) {
        if (size == times.length) {
            int grown = Math.max(64, size * 2);
            times = Arrays.copyOf(times, grown);
            durations = Arrays.copyOf(durations, grown);
            threads = Arrays.copyOf(threads, grown);
            carriers = Arrays.copyOf(carriers, grown);
            lanes = Arrays.copyOf(lanes, grown);
            siteOf = Arrays.copyOf(siteOf, grown);
        }
        var site = new Site(orEmpty(pin.reason()), orEmpty(pin.blockingOperation()), orEmpty(pin.stackTrace()));
        int index = siteIndex.computeIfAbsent(site, s -> {
            sites.add(s);
            totals.add(new Totals());
            sitePins.add(asPin(s));
            return sites.size() - 1;
        });
        pinned++;
        pinnedNanos += pin.durationNanos();
        Totals sum = totals.get(index);
        sum.count++;
        sum.nanos += pin.durationNanos();
        sum.maxNanos = Math.max(sum.maxNanos, pin.durationNanos());
        times[size] = pin.timeNanos();
        durations[size] = pin.durationNanos();
        threads[size] = pin.threadId();
        carriers[size] = pin.carrierId();
        lanes[size] = lane;
        siteOf[size] = index;
        return size++;
    }

    /**
     * A log of the first {@code kept} pins with every site's totals (the hotspots stay whole), or this one if it holds no more:
     * for an old run of a long session, whose recording is dropped too. A new log, not this one cut: a replay or an export
     * still reading this one reads it whole.
     */
    synchronized PinLog firstOnly(int kept) {
        if (size <= kept) {
            return this;
        }
        var first = new PinLog();
        first.siteIndex.putAll(siteIndex);
        first.sites.addAll(sites);
        first.sitePins.addAll(sitePins);
        first.pinned = pinned;
        first.pinnedNanos = pinnedNanos;
        for (Totals sum : totals) {
            var copy = new Totals();
            copy.count = sum.count;
            copy.nanos = sum.nanos;
            copy.maxNanos = sum.maxNanos;
            first.totals.add(copy);
        }
        first.size = kept;
        first.times = Arrays.copyOf(times, kept);
        first.durations = Arrays.copyOf(durations, kept);
        first.threads = Arrays.copyOf(threads, kept);
        first.carriers = Arrays.copyOf(carriers, kept);
        first.lanes = Arrays.copyOf(lanes, kept);
        first.siteOf = Arrays.copyOf(siteOf, kept);
        first.namedHere = namedHere.get(0, kept);
        return first;
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    /** How many pins came, those this log no longer holds included. */
    public synchronized long pinned() {
        return pinned;
    }

    /** How long they held their carriers together, in ms. */
    public synchronized double pinnedMs() {
        return pinnedNanos / 1e6;
    }

    public synchronized int size() {
        return size;
    }

    /** The {@code i}th pin to arrive, with its carrier's lane. */
    public synchronized LaneEvent get(int i) {
        java.util.Objects.checkIndex(i, size);
        Site site = sites.get(siteOf[i]);
        return new LaneEvent(new JfrEvent(JfrEvent.PINNED, times[i], durations[i], threads[i], carriers[i], site.reason(), site.blockingOperation(),
                site.stackTrace()), lanes[i]);
    }

    synchronized long threadOf(int i) {
        java.util.Objects.checkIndex(i, size);
        return threads[i];
    }

    synchronized long carrierOf(int i) {
        java.util.Objects.checkIndex(i, size);
        return carriers[i];
    }

    /** Names the thread of a pin that came without it (see {@code JfrEventList.namePinnedTasks} and {@link RecentCarrierEvents}). */
    synchronized void setThread(int i, long thread) {
        java.util.Objects.checkIndex(i, size);
        threads[i] = thread;
        namedHere.set(i);
    }

    /** Whether JFR sent the {@code i}th pin with its thread (else it came without, and this run may have named it since). */
    synchronized boolean threadFromJfr(int i) {
        java.util.Objects.checkIndex(i, size);
        return threads[i] >= 0 && !namedHere.get(i);
    }

    /** How long the {@code i}th pin to arrive held its carrier, in ns. */
    synchronized long durationNanos(int i) {
        java.util.Objects.checkIndex(i, size);
        return durations[i];
    }

    /** When the {@code i}th pin to arrive began, in ns since the run began. */
    public synchronized long timeNanos(int i) {
        java.util.Objects.checkIndex(i, size);
        return times[i];
    }

    /** The pins' indices in the order they began (JFR delivers them in batches, roughly in order). */
    synchronized int[] timeOrder() {
        long[] began = times;
        return TimeKeys.order(size, i -> began[i]);
    }

    /** The pins of one virtual thread, in the order they arrived. */
    public synchronized List<LaneEvent> ofThread(long thread) {
        var found = new ArrayList<LaneEvent>();
        for (int i = 0; i < size; i++) {
            if (threads[i] == thread) {
                found.add(get(i));
            }
        }
        return found;
    }

    /** The first pin to arrive that held {@code lane}'s carrier at some time from {@code fromNanos} to {@code toNanos}, or null. */
    public synchronized LaneEvent onLane(int lane, long fromNanos, long toNanos) {
        for (int i = 0; i < size; i++) {
            if (lanes[i] == lane && times[i] <= toNanos && times[i] + durations[i] >= fromNanos) {
                return get(i);
            }
        }
        return null;
    }

    /** The pins grouped into hotspots by their stacks, costliest first: from each site's totals, so as cheap at a million pins as at ten. */
    public synchronized List<PinHotspot> hotspots() {
        var hotspots = new PinHotspots();
        for (int i = 0; i < sites.size(); i++) {
            Totals sum = totals.get(i);
            hotspots.add(sitePins.get(i), sum.count, sum.nanos / 1e6, sum.maxNanos / 1e6);
        }
        return hotspots.byCost();
    }

    /** The pins of {@code hotspot}, in the order they arrived. */
    public List<LaneEvent> of(PinHotspot hotspot) {
        var found = new ArrayList<LaneEvent>();
        eachOf(hotspot, (i, lane, fromNanos, toNanos) -> found.add(get(i)));
        return found;
    }

    /** What {@link #eachOf} hands each pin to: its index, lane and times, nothing made per pin. */
    @FunctionalInterface
    public interface Spans {
        void span(int index, int lane, long fromNanos, long toNanos);
    }

    /** Hands each pin of {@code hotspot} to {@code spans}, in the order they arrived: for drawing them, as often as each frame. */
    public void eachOf(PinHotspot hotspot, Spans spans) {
        boolean[] inHotspot;
        int count;
        int[] siteOfPin;
        int[] laneOfPin;
        long[] began;
        long[] lasted;
        synchronized (this) {
            inHotspot = new boolean[sites.size()];
            for (int s = 0; s < sites.size(); s++) {
                inHotspot[s] = PinHotspots.belongs(sitePins.get(s), hotspot);
            }
            // The first count entries of these arrays never change (add grows copies), so they are read without the lock,
            // which the run's reader needs to add pins while a frame draws a million of them.
            count = size;
            siteOfPin = siteOf;
            laneOfPin = lanes;
            began = times;
            lasted = durations;
        }
        for (int i = 0; i < count; i++) {
            if (inHotspot[siteOfPin[i]]) {
                spans.span(i, laneOfPin[i], began[i], began[i] + lasted[i]);
            }
        }
    }

    /** A site as the hotspot grouping reads a pin: its frames, reason and operation (its time and carrier play no part). */
    private static Pin asPin(Site site) {
        List<String> frames = site.stackTrace().isEmpty() ? List.of() : List.of(site.stackTrace().split("\n"));
        return new Pin(0, 0, -1, "", -1, site.reason(), site.blockingOperation(), frames);
    }
}
