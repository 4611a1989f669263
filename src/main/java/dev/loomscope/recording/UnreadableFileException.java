package dev.loomscope.recording;

/** A file that is not what {@code open} reads (missing, not a JFR recording or thread dump, cut short); its message is one line for the user. */
public final class UnreadableFileException extends Exception {

    public UnreadableFileException(String message) {
        super(message);
    }

    public UnreadableFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
