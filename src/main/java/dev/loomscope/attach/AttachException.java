package dev.loomscope.attach;

/** Why a JVM cannot be observed, in one line for the user ("PID 4711 is not a Java VM: it runs /usr/bin/sleep"). */
public final class AttachException extends Exception {

    public AttachException(String oneLine) {
        super(oneLine);
    }

    public AttachException(String oneLine, Throwable cause) {
        super(oneLine, cause);
    }
}
