package dev.loomscope.testing;

import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * A program the tests record or dump, run in a JVM of its own (it needs nothing but the JDK).
 * {@code churn N PINS}: starts N short virtual threads, then pins PINS times in native code (as
 * {@link ObservedProgram} does), and exits. {@code park N M}: parks N virtual threads named
 * "here-*" in {@link #parkHere} and M named "there-*" in {@link #parkThere}, prints "ready" and
 * waits to be killed (a minute at most). {@code steps}: for each line it reads, starts one more platform thread named
 * "step-K", parked, and prints "step K": dumped after each, a service whose threads change between dumps.
 */
public final class RecordedProgram {

    private RecordedProgram() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "churn" -> {
                var threads = new ArrayList<Thread>();
                for (int i = 0; i < Integer.parseInt(args[1]); i++) {
                    threads.add(Thread.ofVirtual().start(() -> LockSupport.parkNanos(1_000_000)));
                }
                for (Thread t : threads) {
                    t.join();
                }
                int pins = Integer.parseInt(args[2]);
                var pinning = new ArrayList<Thread>();
                for (int i = 0; i < pins; i++) {
                    pinning.add(Thread.ofVirtual().name("pinner-" + i).start(ObservedProgram::sortInNativeCode));
                }
                for (Thread t : pinning) {
                    t.join();
                }
            }
            case "park" -> {
                var parked = new CountDownLatch(Integer.parseInt(args[1]) + Integer.parseInt(args[2]));
                for (int i = 0; i < Integer.parseInt(args[1]); i++) {
                    Thread.ofVirtual().name("here-" + i).start(() -> parkHere(parked));
                }
                for (int i = 0; i < Integer.parseInt(args[2]); i++) {
                    Thread.ofVirtual().name("there-" + i).start(() -> parkThere(parked));
                }
                parked.await();
                System.out.println("ready");
                Thread.sleep(60_000);
            }
            case "steps" -> {
                var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8));
                for (int k = 1; in.readLine() != null; k++) {
                    var parked = new CountDownLatch(1);
                    Thread.ofPlatform().daemon().name("step-" + k).start(() -> parkHere(parked));
                    parked.await();
                    System.out.println("step " + k);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static void parkHere(CountDownLatch parked) {
        parked.countDown();
        while (true) {
            LockSupport.park();
        }
    }

    static void parkThere(CountDownLatch parked) {
        parked.countDown();
        while (true) {
            LockSupport.park();
        }
    }
}
