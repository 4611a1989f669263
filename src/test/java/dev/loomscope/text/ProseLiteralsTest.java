package dev.loomscope.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No code writes a sentence of its own: every string literal under {@code src/main/java} that reads
 * as prose (a space and a word of three letters or more) is a finding, with its file and line. The
 * lower layers are scanned too, since their words reach people: a scenario's validation is the
 * command line's exit-2 message and the window's problem banner, a runner's failure is the run's
 * result, an observer's notes are the observation's. The runner JVM starts from the same jar, so it
 * reads the bundles as cheaply as the rest (and only when it has something to say). Not prose:
 * inline CSS ({@code -fx-...}), the start-up trace's step names (a developer's timing log on
 * stderr, on only with a system property).
 *
 * <p>What stays in code is listed in {@code prose-pending.txt} (file, then the literal), in blocks
 * that each say why: words programs read, identifiers, JFR's annotation constants, and the
 * messages of exceptions that report a bug in the code (never a user's mistake). The list may only
 * shrink: a literal moved must leave it, a new one fails.
 */
class ProseLiteralsTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/loomscope");
    /** All of it: the window, the command line and every layer under them. */
    private static final List<Path> SCANNED = List.of(SOURCES);
    private static final Path PENDING = Path.of("src/test/resources/dev/loomscope/text/prose-pending.txt");
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{3,}");

    /** Whether a literal reads as a sentence or a phrase someone would translate. */
    static boolean isProse(SourceLiterals.Literal literal) {
        String v = literal.value();
        String line = literal.lineText();
        return v.contains(" ") && WORD.matcher(v).find()
                && !v.contains("-fx-")
                && !line.contains("StartupTrace.mark(") && !literal.file().endsWith("StartupTrace.java");
    }

    static Set<String> findings() {
        var found = new TreeSet<String>();
        for (var literal : literals()) {
            if (isProse(literal)) {
                found.add(entry(literal.file(), literal.value()));
            }
        }
        return found;
    }

    @Test
    void noCodeWritesASentenceOutsideTheBundles() throws IOException {
        Set<String> pending = pending();
        var fresh = literals().stream().filter(ProseLiteralsTest::isProse)
                .filter(l -> !pending.contains(entry(l.file(), l.value())))
                .map(l -> l.where() + "  \"" + escape(l.value()) + "\"").toList();
        assertThat(fresh).as("prose in code: move it to dev/loomscope/text/messages.properties (or, if no person reads it, to " + PENDING + " with why)").isEmpty();
    }

    @Test
    void thePendingListHoldsOnlyWhatIsStillThere() throws IOException {
        var gone = new TreeSet<>(pending());
        gone.removeAll(findings());
        assertThat(gone).as("moved to the bundles already: remove these lines from " + PENDING).isEmpty();
    }

    @Test
    void theScanFindsProse() {
        var sentence = new SourceLiterals.Literal(Path.of("X.java"), 1, "Saved the picture", "say(\"Saved the picture\");");
        var style = new SourceLiterals.Literal(Path.of("X.java"), 1, "-fx-font-size: 12px", "setStyle(\"-fx-font-size: 12px\");");
        var key = new SourceLiterals.Literal(Path.of("X.java"), 1, "export.picture", "text(\"export.picture\")");
        var format = new SourceLiterals.Literal(Path.of("X.java"), 1, "%,d / %,d", "\"%,d / %,d\"");
        assertThat(isProse(sentence)).isTrue();
        assertThat(List.of(style, key, format)).noneMatch(ProseLiteralsTest::isProse);
    }

    private static List<SourceLiterals.Literal> literals() {
        return SCANNED.stream().flatMap(root -> SourceLiterals.under(root).stream()).toList();
    }

    private static Set<String> pending() throws IOException {
        var lines = new LinkedHashSet<String>();
        for (String line : Files.readAllLines(PENDING)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static String entry(Path file, String value) {
        return SOURCES.relativize(file).toString().replace('\\', '/') + "\t" + escape(value);
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t");
    }
}
