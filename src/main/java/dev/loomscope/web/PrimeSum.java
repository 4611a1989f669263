package dev.loomscope.web;

/**
 * The work of {@code /compute}: the sum of the primes up to n, by trial division. Deliberately
 * plain (no sieve): it is there to keep a core busy for a predictable while, as in the classic
 * experiment, not to be fast.
 */
public final class PrimeSum {

    private PrimeSum() {
    }

    public static long upTo(int n) {
        long sum = 0;
        for (int candidate = 2; candidate <= n; candidate++) {
            if (isPrime(candidate)) {
                sum += candidate;
            }
        }
        return sum;
    }

    static boolean isPrime(int candidate) {
        if (candidate < 4) {
            return candidate >= 2;
        }
        if ((candidate & 1) == 0) {
            return false;
        }
        for (int divisor = 3; (long) divisor * divisor <= candidate; divisor += 2) {
            if (candidate % divisor == 0) {
                return false;
            }
        }
        return true;
    }
}
