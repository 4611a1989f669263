package dev.loomscope.runner.telemetry;

/**
 * The fields every ring of the {@link EventLog} shares, split into three cache-line-padded groups
 * (superclass fields are laid out first, so the padding holds): what writers write, what the reader
 * writes, and what nobody writes (the ring's own final fields, in {@link EventRing} and below).
 * Without the split the reader's every drain invalidated the line that writers read on every event.
 */
final class RingLayout {

    private RingLayout() {
    }

    @SuppressWarnings("unused")
    abstract static class PadBeforeWriters {
        long p00, p01, p02, p03, p04, p05, p06, p07;
    }

    /** Written by writers: the next sequence, and their last look at the reader's position. */
    abstract static class WriterSide extends PadBeforeWriters {
        /**
         * The next sequence to write. A shared ring's writers claim it with a compare-and-set; an
         * own ring's one writer stores it with release once the slot is written, and the reader
         * reads it with acquire.
         */
        volatile long claimed;
        /** A lower bound of {@code consumed}; writers read the real one only when this says the ring is filling. */
        long consumedSeen;
        /** {@code consumed} when a writer last woke the reader: no need to wake it again until it has moved. */
        long consumedAtWake = -1;
    }

    @SuppressWarnings("unused")
    abstract static class PadBeforeReader extends WriterSide {
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }

    /** Written by the reader only. */
    abstract static class ReaderSide extends PadBeforeReader {
        volatile long consumed;
        long readSequence;
    }

    @SuppressWarnings("unused")
    abstract static class PadAfterReader extends ReaderSide {
        long p20, p21, p22, p23, p24, p25, p26, p27;
    }
}
