package dev.loomscope.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Explanation;
import dev.loomscope.model.Preset;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.ui.actions.Action;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The bundles and the code agree: every key the code or the FXML names is written, and every
 * written key is read. Keys the code builds ({@code "preset." + name + ".title"}) are computed
 * from what it builds them of: the presets' names, the enums, and the literal parts of the name.
 */
class TextBundlesTest {

    private static final Path JAVA = Path.of("src/main/java");
    private static final Path RESOURCES = Path.of("src/main/resources");
    private static final Pattern KEY = Pattern.compile("[a-z][a-zA-Z0-9-]*(\\.[a-zA-Z0-9-]+)+");
    private static final Pattern FXML_KEY = Pattern.compile("\"%([a-zA-Z0-9.-]+)\"");
    /** picocli's lookup in a command's resource bundle, in its annotations: {@code ${bundle:cli.window.description.0}}. */
    private static final Pattern PICOCLI_KEY = Pattern.compile("\\$\\{bundle:([a-zA-Z0-9.-]+)}");

    private final Set<String> messages = Text.messages().keySet();
    private final Set<String> lessons = Text.lessons().keySet();
    private final Set<String> keys = union(messages, lessons);
    private final List<SourceLiterals.Literal> literals = SourceLiterals.under(JAVA);
    /** The literals, and each as a key spells it: a view named "task waves" in code is view.task-waves in the bundle. */
    private final Set<String> values = new HashSet<>(literals.stream().map(SourceLiterals.Literal::value)
            .flatMap(v -> Stream.of(v, v.replace(' ', '-'))).toList());

    @Test
    void aKeyIsWrittenInOneBundleOnly() {
        assertThat(intersection(messages, lessons)).isEmpty();
    }

    @Test
    void noBundleWritesAKeyTwice() throws IOException {
        // A properties file keeps the last of two lines with one key: the first is lost without a word.
        for (String bundle : List.of("messages", "lessons")) {
            var seen = new HashSet<String>();
            var twice = new TreeSet<String>();
            for (String line : Files.readAllLines(RESOURCES.resolve("dev/loomscope/text/" + bundle + ".properties"))) {
                int eq = line.indexOf('=');
                if (!line.isBlank() && !line.startsWith("#") && eq > 0 && !seen.add(line.substring(0, eq).strip())) {
                    twice.add(line.substring(0, eq).strip());
                }
            }
            assertThat(twice).as(bundle + ".properties writes these keys twice").isEmpty();
        }
    }

    @Test
    void everyKeyTheCodeNamesIsWritten() {
        var families = new HashSet<String>();
        keys.forEach(k -> families.add(k.substring(0, k.indexOf('.') + 1)));
        var missing = new TreeSet<String>();
        for (var literal : literals) {
            String v = literal.value();
            if (KEY.matcher(v).matches() && families.contains(v.substring(0, v.indexOf('.') + 1)) && !keys.contains(v)) {
                missing.add(literal.where() + " " + v);
            }
        }
        fxmlKeys().stream().filter(k -> !keys.contains(k)).forEach(k -> missing.add("FXML %" + k));
        picocliKeys().stream().filter(k -> !keys.contains(k)).forEach(k -> missing.add("picocli ${bundle:" + k + "}"));
        builtKeys().stream().filter(k -> k.startsWith("preset.") || k.endsWith(".help") || k.startsWith("why.servers."))
                .filter(k -> !keys.contains(k)).forEach(k -> missing.add("built " + k));
        assertThat(missing).as("keys named in code but written in no bundle").isEmpty();
    }

    @Test
    void everyWrittenKeyIsRead() {
        var used = new HashSet<String>(values);
        used.addAll(fxmlKeys());
        used.addAll(picocliKeys());
        used.addAll(builtKeys());
        var prefixes = values.stream().filter(v -> v.endsWith(".") && keys.stream().anyMatch(k -> k.startsWith(v))).toList();
        var unused = new TreeSet<String>();
        for (String key : keys) {
            if (!used.contains(key) && prefixes.stream().noneMatch(p -> key.startsWith(p) && composable(key.substring(p.length()), 3))) {
                unused.add(key);
            }
        }
        assertThat(unused).as("keys no code reads").isEmpty();
    }

    /** Whether {@code rest} is the code's literals one after another, at most {@code parts} of them. */
    private boolean composable(String rest, int parts) {
        if (values.contains(rest)) {
            return true;
        }
        if (parts == 1) {
            return false;
        }
        for (int cut = 1; cut < rest.length(); cut++) {
            if (values.contains(rest.substring(0, cut)) && composable(rest.substring(cut), parts - 1)) {
                return true;
            }
        }
        return false;
    }

    /** The keys built from enumerable names: every preset's texts, every action's, every executor's servers, the glossary. */
    private Set<String> builtKeys() {
        var built = new HashSet<String>();
        for (String name : Preset.names()) {
            Preset.TEXTS.forEach(text -> built.add(Preset.key(name, text)));
        }
        for (Action action : Action.values()) {
            Action.TEXTS.stream().map(action::key).filter(k -> k.endsWith(".help") || keys.contains(k)).forEach(built::add);
        }
        for (ExecutorKind kind : ExecutorKind.values()) {
            built.add(Explanation.serversKey(kind));
        }
        // The glossary reads glossary.1, .2, ... up to the first number missing.
        for (int n = 1; keys.contains("glossary." + n + ".term"); n++) {
            built.add("glossary." + n + ".term");
            built.add("glossary." + n + ".meaning");
        }
        return built;
    }

    private Set<String> picocliKeys() {
        var found = new HashSet<String>();
        for (var literal : literals) {
            var m = PICOCLI_KEY.matcher(literal.value());
            while (m.find()) {
                found.add(m.group(1));
            }
        }
        return found;
    }

    private static Set<String> fxmlKeys() {
        try (Stream<Path> files = Files.walk(RESOURCES)) {
            var found = new HashSet<String>();
            for (Path f : files.filter(f -> f.toString().endsWith(".fxml")).toList()) {
                var m = FXML_KEY.matcher(Files.readString(f));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
            return found;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        var all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static Set<String> intersection(Set<String> a, Set<String> b) {
        var both = new TreeSet<>(a);
        both.retainAll(b);
        return both;
    }
}
