package dev.loomscope.engine;

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

    /** Measures this JVM: warms the code up, then times a few slices and keeps the median rate. */
    public static CpuWork calibrate() {
        burn(200_000);
        double[] rates = new double[7];
        long units = 20_000;
        for (int i = 0; i < rates.length; i++) {
            long start = System.nanoTime();
            burn(units);
            double ms = (System.nanoTime() - start) / 1e6;
            rates[i] = units / Math.max(ms, 1e-3);
        }
        Arrays.sort(rates);
        return new CpuWork(rates[rates.length / 2]);
    }

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
