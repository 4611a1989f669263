package dev.loomscope.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loopback ports for a test to hand to a server it starts later, or to name as one nothing listens
 * on. A port taken from {@code new ServerSocket(0)} and closed comes from the kernel's ephemeral
 * range, the range every outgoing connection and every other port-0 listener draws from too: with
 * test classes running side by side, one of them took such a port between its probe and the
 * PostgreSQL server's bind (CI, 2026-11-28). These ports lie below that range, where only an
 * explicit bind can take them, and none is handed out twice in one JVM.
 */
public final class FreePorts {

    private static final int SPAN = 10_000;
    private static final int LOWEST = ephemeralLow() - SPAN;
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(SPAN));

    private FreePorts() {
    }

    /** A port below the ephemeral range that nothing listens on now and no earlier call returned. */
    public static int next() throws IOException {
        for (int tried = 0; tried < SPAN; tried++) {
            int port = LOWEST + Math.floorMod(NEXT.getAndIncrement(), SPAN);
            if (isFree(port)) {
                return port;
            }
        }
        throw new IOException("no free loopback port in " + LOWEST + "-" + (LOWEST + SPAN - 1));
    }

    private static boolean isFree(int port) {
        try (var probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** The first port of the kernel's ephemeral range (Linux's default, 32768, where it cannot be read). */
    private static int ephemeralLow() {
        try {
            // readAllLines, not readString: the latter returns only the first character of this /proc file.
            String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).getFirst().strip();
            return Math.max(SPAN + 1024, Integer.parseInt(range.split("\\s+")[0]));
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
