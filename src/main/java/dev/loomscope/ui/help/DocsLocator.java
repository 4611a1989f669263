package dev.loomscope.ui.help;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds LoomScope's docs/ folder from where its code runs: in the app image the jar is
 * {@code lib/app/loomscope.jar} and the docs {@code lib/docs} (jpackage's {@code --app-content}); in a
 * checkout the jar is {@code target/loomscope.jar}, or the classes {@code target/classes}, and the
 * docs the repository's {@code docs}. Either way the docs are in a near ancestor of the code.
 */
public final class DocsLocator {

    /** A page every docs folder has: a folder named docs without it is someone else's. */
    static final String MARKER = "learning.md";
    /** How far up from the code to look: lib/app/loomscope.jar is two levels under lib/docs's parent. */
    private static final int LEVELS = 3;

    private final Path docs;

    private DocsLocator(Path docs) {
        this.docs = docs;
    }

    /** The docs of the LoomScope this class was loaded from. */
    public static DocsLocator ofThisApp() {
        try {
            var location = DocsLocator.class.getProtectionDomain().getCodeSource().getLocation().toURI();
            return near(Path.of(location));
        } catch (URISyntaxException | SecurityException | NullPointerException | IllegalArgumentException e) {
            return new DocsLocator(null);
        }
    }

    /** The docs near {@code code}: a jar or a folder of classes. */
    public static DocsLocator near(Path code) {
        Path ancestor = code.toAbsolutePath().normalize().getParent();
        for (int level = 0; level < LEVELS && ancestor != null; level++, ancestor = ancestor.getParent()) {
            Path candidate = ancestor.resolve("docs");
            if (Files.isRegularFile(candidate.resolve(MARKER))) {
                return new DocsLocator(candidate);
            }
        }
        return new DocsLocator(null);
    }

    /** The docs folder, if one was found. */
    public Optional<Path> docs() {
        return Optional.ofNullable(docs);
    }

    /** The page's file: URI, with its section as the fragment; empty if there are no docs or not that page. */
    public Optional<URI> uriOf(DocPage page) {
        if (docs == null || !Files.isRegularFile(docs.resolve(page.file()))) {
            return Optional.empty();
        }
        URI file = docs.resolve(page.file()).toUri();
        return Optional.of(page.section() == null ? file : URI.create(file + "#" + page.section()));
    }
}
