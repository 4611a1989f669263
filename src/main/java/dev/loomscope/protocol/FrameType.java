package dev.loomscope.protocol;

/** The kinds of frame the runner JVM sends to the parent. The code is the wire byte. */
public enum FrameType {
    /** Runner is up: JDK, cores, carriers ({@link RunnerHello}, JSON). */
    HELLO(1),
    /** A batch of lifecycle events ({@link EventBatch}, binary). */
    EVENTS(2),
    /** A periodic process sample ({@link Sample}, binary). */
    SAMPLE(3),
    /** The run's totals, sent once at the end ({@link RunSummary}, JSON). */
    SUMMARY(4),
    /** The run's clock started ({@link RunStart}, binary). */
    STARTED(5),
    /** JFR events placed on the run's timeline ({@link JfrEvent} list, JSON). */
    JFR(6);

    private final byte code;

    FrameType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    public static FrameType ofCode(int code) {
        for (FrameType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new ProtocolException("unknown frame type " + code);
    }
}
