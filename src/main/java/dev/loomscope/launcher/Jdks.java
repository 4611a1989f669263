package dev.loomscope.launcher;

import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The JDKs a run may use: those installed in the usual places (/usr/lib/jvm, SDKMAN's, IntelliJ's
 * ~/.jdks, JAVA_HOME), the JDK 21 runtime scripts/get-jdk21.sh fetches, and the one this process runs
 * on (the default). A JDK is a folder with {@code bin/java} and a {@code release} file naming its
 * {@code JAVA_VERSION}.
 */
public final class Jdks {

    /** Where scripts/get-jdk21.sh puts its JDK 21 runtime (under the user's cache folder). */
    public static final String FETCHED_JDK21 = "loomscope/jdk21/java-runtime";

    /** One JDK: its version ("21.0.8"), feature release (21) and home folder. */
    public record Jdk(String version, int feature, Path home) {

        public Path java() {
            return home.resolve("bin").resolve("java");
        }

        /** "JDK 21": how run names and the window's choice say it. */
        public String shortName() {
            return Text.get("jdks.short", feature);
        }

        @Override
        public String toString() {
            return version + " (" + home + ")";
        }
    }

    private final List<Jdk> found;
    private final Jdk current;

    private Jdks(List<Jdk> found, Jdk current) {
        this.found = List.copyOf(found);
        this.current = current;
    }

    /** The JDKs installed on this machine, this process's first. */
    public static Jdks installed() {
        String home = System.getProperty("user.home");
        var roots = new ArrayList<Path>(List.of(Path.of("/usr/lib/jvm"), Path.of(home, ".sdkman", "candidates", "java"), Path.of(home, ".jdks")));
        var homes = new ArrayList<Path>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            homes.add(Path.of(javaHome));
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        homes.add((cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(home, ".cache")).resolve(FETCHED_JDK21));
        return in(Path.of(System.getProperty("java.home")), roots, homes);
    }

    /** The JDKs in {@code roots}' sub-folders and in {@code homes}, beside {@code current} (this process's JDK). */
    public static Jdks in(Path current, List<Path> roots, List<Path> homes) {
        var byHome = new LinkedHashMap<Path, Jdk>();
        Jdk self = read(current);
        if (self == null) {
            self = new Jdk(Runtime.version().toString(), Runtime.version().feature(), current);
        }
        byHome.put(real(current), self);
        var candidates = new ArrayList<Path>();
        for (Path root : roots) {
            try (Stream<Path> children = Files.list(root)) {
                children.sorted().forEach(candidates::add);
            } catch (IOException e) {
                // No such folder on this machine: nothing installed there.
            }
        }
        candidates.addAll(homes);
        for (Path candidate : candidates) {
            Jdk jdk = read(candidate);
            if (jdk != null) {
                byHome.putIfAbsent(real(candidate), jdk);
            }
        }
        var list = new ArrayList<>(byHome.values());
        list.subList(1, list.size()).sort(Comparator.comparing(Jdk::feature).thenComparing(Jdk::version));
        return new Jdks(list, self);
    }

    /** The JDK at {@code home} (a JDK or runtime folder with bin/java and a release file), or null if it is none. */
    public static Jdk read(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isRegularFile(home.resolve("bin").resolve("java"))) {
            return null;
        }
        var properties = new Properties();
        try (var in = Files.newBufferedReader(release)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        String version = properties.getProperty("JAVA_VERSION", "").replace("\"", "").strip();
        int feature = JdkNeeds.featureOf(version);
        return feature == 0 ? null : new Jdk(version, feature, home.toAbsolutePath().normalize());
    }

    private static Path real(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            return folder.toAbsolutePath().normalize();
        }
    }

    /** Every JDK found, this process's first, then by version. */
    public List<Jdk> found() {
        return found;
    }

    /** The JDKs a runner can run on (21 and later), this process's first. */
    public List<Jdk> runnable() {
        return found.stream().filter(j -> j.feature() >= JdkNeeds.OLDEST_RUNNER).toList();
    }

    /** The JDK this process runs on: runs use it unless told otherwise. */
    public Jdk current() {
        return current;
    }

    /** Whether a run on {@code jdk} says so in its name: it is not on the default JDK's feature release. */
    public boolean differsFromDefault(Jdk jdk) {
        return jdk != null && jdk.feature() != current.feature();
    }

    /** The JDKs found with feature release {@code feature}, this process's first, else the newest. */
    public Jdk withFeature(int feature) {
        return current.feature() == feature ? current
                : runnable().stream().filter(j -> j.feature() == feature).reduce((a, b) -> b).orElse(null);
    }

    /**
     * The JDK {@code spec} names: a feature release ("21"), a version ("21.0.8"), or a folder (a JDK or
     * runtime with bin/java and a release file).
     *
     * @throws IllegalArgumentException in one line, listing what was found, when it names none
     */
    public Jdk resolve(String spec) {
        String s = spec.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException(Text.get("jdks.none-named", describe()));
        }
        Jdk jdk;
        if (s.chars().allMatch(c -> Character.isDigit(c) || c == '.')) {
            jdk = s.contains(".") ? runnable().stream().filter(j -> j.version().equals(s) || j.version().startsWith(s + ".")).findFirst().orElse(null)
                    : withFeature(JdkNeeds.featureOf(s));
            if (jdk == null) {
                throw new IllegalArgumentException(Text.get("jdks.no-version", s, describe()));
            }
        } else {
            Path home = Path.of(s);
            jdk = read(home);
            if (jdk == null) {
                throw new IllegalArgumentException(Text.get("jdks.no-folder", s, describe()));
            }
        }
        if (jdk.feature() < JdkNeeds.OLDEST_RUNNER) {
            throw new IllegalArgumentException(Text.get("jdks.too-old", jdk.version() + " (" + jdk.home() + ")", JdkNeeds.OLDEST_RUNNER));
        }
        return jdk;
    }

    /** Each JDK found, "21.0.8 (/path)", comma-separated: what an error lists. */
    public String describe() {
        List<String> parts = found.stream().map(Jdk::toString).toList();
        return parts.isEmpty() ? Text.get("jdks.found-none") : String.join(", ", parts);
    }
}
