package dev.loomscope.runner.jdk25;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.loomscope.runner.laterjdk.LaterJdkBlocking;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Blocks with a native frame on the stack: calls the C library's {@code qsort} through the FFM API
 * on two ints, with a Java comparator that sleeps. While the comparator sleeps, {@code qsort}'s
 * frame sits below it, so a virtual thread cannot unmount: it pins its carrier (JFR reports
 * "Native or VM frame on stack"). Needs {@code --enable-native-access}. Compiled for JDK 25 (FFM is a
 * preview API in JDK 21), so the runner loads it by name only on a JDK that has it.
 */
public final class NativeBlocking implements LaterJdkBlocking {

    private static final MethodHandle QSORT;
    private static final MemorySegment COMPARATOR;
    /** How long the comparator sleeps; set once per run before any task starts. */
    private static volatile int sleepMs;

    static {
        Linker linker = Linker.nativeLinker();
        QSORT = linker.downcallHandle(linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        try {
            MethodHandle compare = MethodHandles.lookup().findStatic(NativeBlocking.class, "compare",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
            COMPARATOR = linker.upcallStub(compare,
                    FunctionDescriptor.of(JAVA_INT, ADDRESS.withTargetLayout(JAVA_INT), ADDRESS.withTargetLayout(JAVA_INT)),
                    Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Sets the sleep, after one call with none: FFM initializes its own classes on first use. */
    @Override
    public void prepare(int ms) {
        sleepMs = 0;
        block();
        sleepMs = ms;
    }

    /** Sorts two ints in native code; the one comparison sleeps for the prepared time. */
    @Override
    public void block() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pair = arena.allocate(JAVA_INT, 2);
            pair.setAtIndex(JAVA_INT, 0, 2);
            pair.setAtIndex(JAVA_INT, 1, 1);
            QSORT.invokeExact(pair, 2L, JAVA_INT.byteSize(), COMPARATOR);
        } catch (Throwable e) {
            throw new IllegalStateException("native qsort failed", e);
        }
    }

    private static int compare(MemorySegment a, MemorySegment b) {
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Integer.compare(a.get(JAVA_INT, 0), b.get(JAVA_INT, 0));
    }
}
