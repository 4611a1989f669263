package dev.loomscope.testing;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Executors;

/**
 * A program to observe, run in a JVM of its own by the tests (it needs nothing but the JDK).
 * {@code pin}: virtual threads, two at a time, sleep 20 ms inside a comparator that the C library's
 * qsort calls back: a native frame under the sleep, so each pins its carrier. {@code churn MS}:
 * starts a short virtual thread every few ms and exits after MS. Prints "ready" once it runs; stops
 * once its standard input closes: when the test closes it or the test JVM ends, so a failed test leaves
 * nothing running. (A fixed minute was once too short: a class that shares one target through three
 * attaches took 102 s on a loaded machine, and its last attach found nothing listening.)
 */
public final class ObservedProgram {

    private static final MethodHandle QSORT;
    private static final MemorySegment COMPARATOR;

    static {
        Linker linker = Linker.nativeLinker();
        QSORT = linker.downcallHandle(linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        try {
            COMPARATOR = linker.upcallStub(MethodHandles.lookup().findStatic(ObservedProgram.class, "sleepingCompare",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS.withTargetLayout(JAVA_INT), ADDRESS.withTargetLayout(JAVA_INT)), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ObservedProgram() {
    }

    public static void main(String[] args) throws Exception {
        var inputOpen = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread.ofPlatform().daemon().name("until-input-closes").start(() -> {
            try {
                System.in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (java.io.IOException closed) {
                // Closed all the same.
            }
            inputOpen.set(false);
        });
        switch (args[0]) {
            case "pin" -> {
                System.out.println("ready");
                try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
                    while (inputOpen.get()) {
                        var a = executor.submit(ObservedProgram::sortInNativeCode);
                        var b = executor.submit(ObservedProgram::sortInNativeCode);
                        a.get();
                        b.get();
                        Thread.sleep(10);
                    }
                }
            }
            case "churn" -> {
                long exitAt = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000;
                System.out.println("ready");
                while (System.nanoTime() < exitAt && inputOpen.get()) {
                    Thread.ofVirtual().start(() -> sleep(5));
                    Thread.sleep(5);
                }
                System.exit(0); // in the middle of the observation; an exit, not a halt, so the JVM cleans up after itself
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** Sorts two ints in native code; the comparison sleeps with qsort's frame below it. */
    static Void sortInNativeCode() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pair = arena.allocate(JAVA_INT, 2);
            QSORT.invokeExact(pair, 2L, JAVA_INT.byteSize(), COMPARATOR);
        } catch (Throwable e) {
            throw new IllegalStateException("native qsort failed", e);
        }
        return null;
    }

    private static int sleepingCompare(MemorySegment a, MemorySegment b) {
        sleep(20);
        return 0;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
