package dev.loomscope.runner.telemetry;

import java.util.Arrays;

/** The own rings of an {@link EventLog}, immutable: an open-addressing table by owner for writers, a list for the reader. */
record OwnRings(OwnRing[] table, OwnRing[] list) {

    static final OwnRings EMPTY = new OwnRings(new OwnRing[4 * EventLog.MAX_OWN_RINGS], new OwnRing[0]);

    OwnRing find(long owner) {
        int mask = table.length - 1;
        for (int i = mix(owner) & mask;; i = (i + 1) & mask) {
            OwnRing ring = table[i];
            if (ring == null || ring.owner == owner) {
                return ring;
            }
        }
    }

    OwnRings with(OwnRing ring) {
        OwnRing[] grown = table.clone();
        int mask = grown.length - 1;
        int i = mix(ring.owner) & mask;
        while (grown[i] != null) {
            i = (i + 1) & mask;
        }
        grown[i] = ring;
        OwnRing[] longer = Arrays.copyOf(list, list.length + 1);
        longer[list.length] = ring;
        return new OwnRings(grown, longer);
    }

    private static int mix(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }
}
