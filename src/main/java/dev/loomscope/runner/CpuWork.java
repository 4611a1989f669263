package dev.loomscope.runner;

import java.util.Arrays;

/**
 * Real computation for the CPU part of a task: testing numbers near one million for primality by
 * trial division, the work of the classic "count primes" experiment. It is calibrated to
 * milliseconds once per runner JVM, so "cpu-ms=10" means about 10 ms of work on this machine,
 * not a spin on the clock (a spin would finish early when descheduled and hide contention).
 */
public final class CpuWork {

    /** Numbers tested cycle through [BASE, BASE + 2 x 4096): each unit costs about the same. */
    private static final int BASE = 1_000_001;
    private static final int CYCLE_MASK = 4095;

    /** Keeps the JIT from discarding the work. */
    @SuppressWarnings("unused")
    private static volatile long sink;

    private final double unitsPerMs;

    private CpuWork(double unitsPerMs) {
        this.unitsPerMs = unitsPerMs;
    }

    /**
     * Measures this JVM: times slices of work until the rate stops rising (the JIT's compiled code
     * has taken over: a fixed warm-up was not always enough on a busy machine, and a rate taken from
     * half-compiled code made "40 ms" of work take 13), then keeps the median of the last five.
     */
    public static CpuWork calibrate() {
        burn(200_000);
        final int kept = 5;
        double[] recent = new double[kept];
        long units = 20_000;
        double best = 0;
        int slices = 0;
        int sinceBest = 0;
        long deadline = System.nanoTime() + CALIBRATION_LIMIT_NANOS;
        while (true) {
            long start = System.nanoTime();
            burn(units);
            double ms = (System.nanoTime() - start) / 1e6;
            double rate = units / Math.max(ms, 1e-3);
            recent[slices++ % kept] = rate;
            if (rate > best * 1.05) {
                best = rate;
                sinceBest = 0;
            } else {
                sinceBest++;
            }
            if (sinceBest >= kept || System.nanoTime() > deadline) {
                break;
            }
        }
        double[] last = Arrays.copyOf(recent, Math.min(slices, kept));
        Arrays.sort(last);
        return new CpuWork(last[last.length / 2]);
    }

    /** Calibration gives up waiting for a steady rate after this long. */
    private static final long CALIBRATION_LIMIT_NANOS = 2_000_000_000L;

    public static CpuWork withRate(double unitsPerMs) {
        return new CpuWork(unitsPerMs);
    }

    public double unitsPerMs() {
        return unitsPerMs;
    }

    public long unitsFor(double ms) {
        return Math.round(ms * unitsPerMs);
    }

    /** Tests {@code units} numbers for primality; returns how many were prime. */
    public static long burn(long units) {
        long primes = 0;
        for (long i = 0; i < units; i++) {
            if (isPrime(BASE + 2 * (int) (i & CYCLE_MASK))) {
                primes++;
            }
        }
        sink = primes;
        return primes;
    }

    /** Counts the primes up to {@code limit}: the 48-task experiment's unit of work. */
    public static int countPrimesUpTo(int limit) {
        int count = 0;
        for (int n = 2; n <= limit; n++) {
            if (isPrime(n)) {
                count++;
            }
        }
        sink = count;
        return count;
    }

    static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        if (n % 2 == 0) {
            return n == 2;
        }
        for (int d = 3; d <= n / d; d += 2) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
