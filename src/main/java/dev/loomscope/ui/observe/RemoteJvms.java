package dev.loomscope.ui.observe;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.loomscope.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The remote JVMs the user chose to keep, in {@code remote-jvms.json} of the user's config folder
 * ({@code $XDG_CONFIG_HOME/loomscope}, else {@code ~/.config/loomscope}): URL, user and truststore
 * path. Never a password: the record has no field for one, so none can be written. Reading and
 * writing block: call them off the FX thread.
 */
public final class RemoteJvms {

    /** One kept target; {@code user} and {@code trustStore} may be empty. */
    public record RemoteJvm(String url, String user, String trustStore) {

        public RemoteJvm {
            user = user == null ? "" : user;
            trustStore = trustStore == null ? "" : trustStore;
        }

        @Override
        public String toString() {
            return user.isEmpty() ? url : user + " @ " + url;
        }
    }

    /**
     * Made when the file is first read or written, off the FX thread: made with the class, it cost every
     * window's start about 5 ms of its FX thread before the first frame (the picker holds a RemoteJvms).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    private final Path file;

    public RemoteJvms(Path file) {
        this.file = file;
    }

    /** The file in the user's config folder. */
    public static RemoteJvms inUserConfig() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path folder = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return new RemoteJvms(folder.resolve("loomscope").resolve("remote-jvms.json"));
    }

    public Path file() {
        return file;
    }

    /** The kept targets; none when the file does not exist yet. */
    public List<RemoteJvm> load() throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        return List.copyOf(Json.MAPPER.readValue(file.toFile(), new TypeReference<List<RemoteJvm>>() {
        }));
    }

    /** Keeps {@code jvm} (first), replacing one of the same URL and user; returns the list now kept. */
    public List<RemoteJvm> keep(RemoteJvm jvm) throws IOException {
        var kept = new ArrayList<>(load());
        kept.removeIf(k -> k.url().equals(jvm.url()) && k.user().equals(jvm.user()));
        kept.addFirst(jvm);
        write(kept);
        return List.copyOf(kept);
    }

    /** Forgets {@code jvm}; returns the list now kept. */
    public List<RemoteJvm> forget(RemoteJvm jvm) throws IOException {
        var kept = new ArrayList<>(load());
        kept.remove(jvm);
        write(kept);
        return List.copyOf(kept);
    }

    private void write(List<RemoteJvm> kept) throws IOException {
        Files.createDirectories(file.getParent());
        AtomicFiles.writeAt(file, target -> Json.MAPPER.writeValue(target.toFile(), kept));
    }
}
