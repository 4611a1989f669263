package dev.loomscope.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The flags every JVM LoomScope starts from a class path needs: FFM native access (the native
 * pinning demo) and the opening of {@code java.lang} (carrier lookup). Their one source is the
 * {@code loomscope.jvmFlags} property of pom.xml, which the build writes into this resource, gives to
 * the test JVMs, and spells again as the jar's manifest attributes (so {@code java -jar} needs none).
 */
public final class JvmFlags {

    static final String RESOURCE = "/dev/loomscope/launcher/jvm-flags";

    private static final List<String> REQUIRED = read();

    private JvmFlags() {
    }

    /** The flags, in the order pom.xml writes them. */
    public static List<String> required() {
        return REQUIRED;
    }

    private static List<String> read() {
        try (InputStream in = JvmFlags.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            if (text.isEmpty() || text.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filled in by the build: " + text);
            }
            return List.copyOf(Arrays.asList(text.split("\\s+")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
