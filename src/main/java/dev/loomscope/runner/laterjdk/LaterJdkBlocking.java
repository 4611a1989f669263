package dev.loomscope.runner.laterjdk;

/**
 * A blocking mode whose code needs a later JDK than the runner is compiled for (FFM downcalls, the
 * ClassFile API): its class lives in {@code runner.jdk25} and is loaded by name through {@link LaterJdk}.
 */
public interface LaterJdkBlocking {

    /** Warms the mode up outside the timed run, then sets each block's length. */
    void prepare(int ms);

    /** Blocks the calling thread for the prepared time, in the mode's way. */
    void block();
}
