package dev.loomscope.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void portsLieBelowTheEphemeralRangeAreFreeAndAreNeverHandedOutTwice() throws Exception {
        int ephemeralLow = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).getFirst().strip().split("\\s+")[0]);
        int first = FreePorts.next();
        int second = FreePorts.next();

        assertThat(first).isNotEqualTo(second).isLessThan(ephemeralLow).isGreaterThan(1023);
        assertThat(second).isLessThan(ephemeralLow).isGreaterThan(1023);
        try (var a = new ServerSocket(first, 1, InetAddress.getLoopbackAddress());
                var b = new ServerSocket(second, 1, InetAddress.getLoopbackAddress())) {
            assertThat(a.getLocalPort()).isEqualTo(first);
            assertThat(b.getLocalPort()).isEqualTo(second);
        }
    }
}
