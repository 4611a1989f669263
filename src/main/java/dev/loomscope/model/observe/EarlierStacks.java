package dev.loomscope.model.observe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stacks of a dump taken earlier, by thread id, to tell which threads of a later dump of the same JVM kept theirs: stuck
 * there, or idle, between the two (two dumps taken while observing, two dump files, a log's dumps one after another). A
 * dump of a million virtual threads fits in a few tens of MB: the ids in an open-addressing table of primitives, each distinct
 * stack kept once.
 */
public final class EarlierStacks {

    private static final long EMPTY = Long.MIN_VALUE;

    private long[] ids = new long[1 << 10];
    private int[] stackOf = new int[ids.length];
    /** Each thread's age then in seconds (jstack's "elapsed="), NaN where the dump gives none; made only for a dump that gives ages. */
    private float[] ages;
    private int size;
    private final Map<List<String>, Integer> index = new HashMap<>();
    private final List<List<String>> stacks = new ArrayList<>();

    public EarlierStacks() {
        Arrays.fill(ids, EMPTY);
    }

    /** Thread {@code id} had this stack, at this age in seconds (negative where the dump gives none). */
    public void put(long id, List<String> frames, double age) {
        if (id < 0) {
            return;
        }
        if (size * 2 >= ids.length) {
            grow();
        }
        int slot = slot(ids, id);
        if (ids[slot] == EMPTY) {
            ids[slot] = id;
            size++;
        }
        Integer known = index.get(frames);
        if (known == null) {
            // Each distinct stack kept once, as a copy: the caller's list may be a buffer it goes on to reuse.
            List<String> kept = List.copyOf(frames);
            known = stacks.size();
            stacks.add(kept);
            index.put(kept, known);
        }
        stackOf[slot] = known;
        if (age >= 0 && ages == null) {
            ages = new float[ids.length];
            Arrays.fill(ages, Float.NaN);
        }
        if (ages != null) {
            ages[slot] = age >= 0 ? (float) age : Float.NaN;
        }
    }

    /**
     * Whether thread {@code id} had this very stack then, and is no younger now than it was (a JVM restarted between the two
     * dumps gives its new threads the old ones' ids).
     */
    public boolean unchanged(long id, List<String> frames, double age) {
        if (id < 0) {
            return false;
        }
        int slot = slot(ids, id);
        if (ids[slot] == EMPTY || !stacks.get(stackOf[slot]).equals(frames)) {
            return false;
        }
        float then = ages == null ? Float.NaN : ages[slot];
        return age < 0 || Float.isNaN(then) || age >= then - 0.001;
    }

    public int threads() {
        return size;
    }

    /** Where {@code id} is, or the empty slot where it would go. */
    private static int slot(long[] table, long id) {
        int mask = table.length - 1;
        int slot = Long.hashCode(id * 0x9E3779B97F4A7C15L) & mask;
        while (table[slot] != EMPTY && table[slot] != id) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldIds = ids;
        int[] oldStacks = stackOf;
        float[] oldAges = ages;
        ids = new long[oldIds.length * 2];
        Arrays.fill(ids, EMPTY);
        stackOf = new int[ids.length];
        if (oldAges != null) {
            ages = new float[ids.length];
            Arrays.fill(ages, Float.NaN);
        }
        for (int k = 0; k < oldIds.length; k++) {
            if (oldIds[k] != EMPTY) {
                int slot = slot(ids, oldIds[k]);
                ids[slot] = oldIds[k];
                stackOf[slot] = oldStacks[k];
                if (oldAges != null) {
                    ages[slot] = oldAges[k];
                }
            }
        }
    }
}
