package dev.loomscope.runner.telemetry;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Which platform thread carries the current thread. For a platform thread that is itself; for a
 * virtual thread it is the mounted carrier, read from the JDK-internal
 * {@code Thread.currentCarrierThread()} (about 3 ns; needs {@code --add-opens java.base/java.lang}).
 * Without that opening it falls back to the carrier name the JDK prints in {@code Thread.toString()}
 * ("...@ForkJoinPool-1-worker-2", about 100 ns, format unspecified) and reports the worker number.
 */
public final class CarrierLookup {

    private static final MethodHandle CURRENT_CARRIER = findCurrentCarrier();

    private CarrierLookup() {
    }

    /** Whether the fast, exact lookup is available in this JVM. */
    public static boolean isExact() {
        return CURRENT_CARRIER != null;
    }

    /** The carrier's thread id, or -1 if it cannot be told. */
    public static long currentCarrierId() {
        Thread current = Thread.currentThread();
        if (!current.isVirtual()) {
            return current.threadId();
        }
        if (CURRENT_CARRIER != null) {
            try {
                return ((Thread) CURRENT_CARRIER.invokeExact()).threadId();
            } catch (Throwable e) {
                return -1;
            }
        }
        return workerNumberFromName(current.toString());
    }

    /** "VirtualThread[#22]/runnable@ForkJoinPool-1-worker-3" gives -3: negative marks a worker number, not an id. */
    static long workerNumberFromName(String text) {
        int dash = text.lastIndexOf("-worker-");
        if (dash < 0) {
            return -1;
        }
        try {
            return -Long.parseLong(text.substring(dash + "-worker-".length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static MethodHandle findCurrentCarrier() {
        try {
            var lookup = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
            return lookup.findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | IllegalAccessError | SecurityException e) {
            return null;
        } catch (RuntimeException e) {
            // InaccessibleObjectException when java.lang is not opened to us.
            return null;
        }
    }
}
