package dev.loomscope.bench;

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
import java.util.ArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The program {@link RecordingBenchmark} records, in a JVM of its own: {@code THREADS} short virtual
 * threads in batches (JFR's start and end events make up most of the file), and every
 * {@code PIN_EVERY}th one pins its carrier for a millisecond in a comparator that the C library's
 * qsort calls (a native frame under the sleep), so the file holds pins with stacks too.
 */
public final class RecordedLoad {

    private static final int BATCH = 10_000;
    private static final MethodHandle QSORT;
    private static final MemorySegment COMPARATOR;

    static {
        Linker linker = Linker.nativeLinker();
        QSORT = linker.downcallHandle(linker.defaultLookup().find("qsort").orElseThrow(), FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        try {
            COMPARATOR = linker.upcallStub(MethodHandles.lookup().findStatic(RecordedLoad.class, "sleepingCompare",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS.withTargetLayout(JAVA_INT), ADDRESS.withTargetLayout(JAVA_INT)), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private RecordedLoad() {
    }

    public static void main(String[] args) throws InterruptedException {
        long threads = Long.parseLong(args[0]);
        long pinEvery = Long.parseLong(args[1]);
        var batch = new ArrayList<Thread>(BATCH);
        for (long i = 0; i < threads; i++) {
            boolean pin = i % pinEvery == pinEvery - 1;
            batch.add(Thread.ofVirtual().start(pin ? RecordedLoad::sortInNativeCode : Thread::yield));
            if (batch.size() == BATCH) {
                for (Thread t : batch) {
                    t.join();
                }
                batch.clear();
            }
        }
        for (Thread t : batch) {
            t.join();
        }
    }

    private static void sortInNativeCode() {
        try (Arena arena = Arena.ofConfined()) {
            QSORT.invokeExact(arena.allocate(JAVA_INT, 2), 2L, JAVA_INT.byteSize(), COMPARATOR);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static int sleepingCompare(MemorySegment a, MemorySegment b) {
        LockSupport.parkNanos(1_000_000);
        return 0;
    }
}
