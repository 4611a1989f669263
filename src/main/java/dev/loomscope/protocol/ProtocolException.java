package dev.loomscope.protocol;

/** The runner's stream held something this version cannot read. */
public final class ProtocolException extends RuntimeException {
    public ProtocolException(String message) {
        super(message);
    }
}
