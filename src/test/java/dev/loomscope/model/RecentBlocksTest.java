package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each carrier's blocks name its own pins, however the carriers' blocks interleave and however many carriers there are. */
class RecentBlocksTest {

    private static final long MS = 1_000_000;

    @Test
    void aPinIsNamedFromItsOwnCarriersBlocksAmongManyInterleaved() {
        var blocks = new RecentBlocks();
        int carriers = 37; // more than the first arrays hold
        // Round r: every carrier blocks at r ms; carrier c's task is c * 1000 + r, its thread 10_000 + that.
        for (int r = 0; r < 5; r++) {
            for (int c = 0; c < carriers; c++) {
                int task = c * 1000 + r;
                blocks.add(9_000 + c, r * 10 * MS, task, 10_000L + task);
            }
        }
        for (int c = 0; c < carriers; c++) {
            // A pin 2 ms after round 2's block belongs to round 2's task on that carrier.
            RecentBlocks.Owner owner = blocks.ownerOf(9_000 + c, 22 * MS);
            assertThat(owner).as("carrier %d", c).isEqualTo(new RecentBlocks.Owner(c * 1000 + 2, 10_000L + c * 1000 + 2));
        }
        assertThat(blocks.ownerOf(8_999, 22 * MS)).as("a carrier with no blocks").isNull();
        // Blocks on no known carrier name no pin on no known carrier, however well they would fit its time.
        blocks.add(-1, 21 * MS, 77, 177);
        blocks.add(-1, 40 * MS, 78, 178);
        assertThat(blocks.ownerOf(-1, 22 * MS)).isNull();
    }

    @Test
    void aPinIsNotNamedUntilItsCarrierHasBlockedAgain() {
        var blocks = new RecentBlocks();
        blocks.add(1, 10 * MS, 7, 107);
        blocks.add(2, 30 * MS, 8, 108);
        // Carrier 1 has no block after 12 ms yet: an earlier one could still be on its way.
        assertThat(blocks.ownerOf(1, 12 * MS)).isNull();
        blocks.add(1, 40 * MS, 9, 109);
        assertThat(blocks.ownerOf(1, 12 * MS)).isEqualTo(new RecentBlocks.Owner(7, 107));
    }

    @Test
    void aRingThatWrappedForgetsTheBlocksBeforeIt() {
        var blocks = new RecentBlocks();
        for (int k = 0; k <= RecentBlocks.KEPT; k++) {
            blocks.add(3, k * 10 * MS, k, k);
        }
        // The block at 0 ms, which owned a pin at 0.5 ms, is gone: that pin is left to the run's end. One at 1 s is kept.
        assertThat(blocks.ownerOf(3, MS / 2)).isNull();
        assertThat(blocks.ownerOf(3, 1_000 * MS + MS / 2)).isEqualTo(new RecentBlocks.Owner(100, 100));
    }
}
