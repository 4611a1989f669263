package dev.loomscope.protocol;

/** The runner's stream held something this version cannot read, or ended or stopped inside a frame. */
public final class ProtocolException extends RuntimeException {

    private final boolean endedEarly;

    public ProtocolException(String message) {
        this(message, false);
    }

    private ProtocolException(String message, boolean endedEarly) {
        super(message);
        this.endedEarly = endedEarly;
    }

    /** The stream ended inside a frame: what a writer that died mid-frame leaves. */
    public static ProtocolException endedEarly(String message) {
        return new ProtocolException(message, true);
    }

    /** Whether the stream ended inside a frame (its writer may have died), rather than holding something unreadable. */
    public boolean endedEarly() {
        return endedEarly;
    }
}
