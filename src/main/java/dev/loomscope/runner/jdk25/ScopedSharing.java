package dev.loomscope.runner.jdk25;

import java.util.function.IntConsumer;

/**
 * What replaces the ThreadLocal cache when every task is a new thread: one object, made once and
 * shared, bound for each task's run by a ScopedValue (final in JDK 25, JEP 506). A ScopedValue
 * binding is not inherited by tasks handed to an executor, so each task binds it as it starts.
 */
public final class ScopedSharing implements IntConsumer {

    private static final ScopedValue<byte[]> SHARED_OBJECT = ScopedValue.newInstance();
    private final byte[] sharedObject;

    public ScopedSharing(byte[] sharedObject) {
        this.sharedObject = sharedObject;
    }

    /** Task {@code task} binds the object and uses it, as the cache's user does. */
    @Override
    public void accept(int task) {
        ScopedValue.where(SHARED_OBJECT, sharedObject).run(() -> useShared(task));
    }

    private static void useShared(int task) {
        byte[] buffer = SHARED_OBJECT.get();
        buffer[task % buffer.length]++;
    }
}
