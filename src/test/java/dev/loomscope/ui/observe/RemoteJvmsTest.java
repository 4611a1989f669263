package dev.loomscope.ui.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.ui.observe.RemoteJvms.RemoteJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kept remote JVMs, in a real file: URL, user and truststore path, one entry per URL and user, and no password field at all. */
class RemoteJvmsTest {

    @Test
    void keepsUrlUserAndTruststoreNewestFirstAndNeverAPassword(@TempDir Path dir) throws Exception {
        var kept = new RemoteJvms(dir.resolve("loomscope/remote-jvms.json"));
        assertThat(kept.load()).isEmpty();

        kept.keep(new RemoteJvm("db:9010", "monitor", "/home/me/jmx-trust.p12"));
        kept.keep(new RemoteJvm("shop:9010", "", ""));
        var now = kept.keep(new RemoteJvm("db:9010", "monitor", "/home/me/other.p12"));

        assertThat(now).containsExactly(new RemoteJvm("db:9010", "monitor", "/home/me/other.p12"), new RemoteJvm("shop:9010", "", ""));
        assertThat(new RemoteJvms(kept.file()).load()).isEqualTo(now);
        var names = new ArrayList<String>();
        new ObjectMapper().readTree(Files.readString(kept.file())).get(0).fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("url", "user", "trustStore");
        assertThat(kept.forget(now.getFirst())).containsExactly(new RemoteJvm("shop:9010", "", ""));
    }
}
