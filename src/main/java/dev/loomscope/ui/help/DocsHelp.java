package dev.loomscope.ui.help;

import dev.loomscope.ui.fx.Messages;
import java.net.URI;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the help key does: opens the docs page of what is on screen with the document opener the
 * app gives (the platform's browser through JavaFX's HostServices; a test's list), or says plainly
 * where the docs are missing.
 */
public final class DocsHelp {

    private final DocsLocator locator;
    private final Supplier<DocPage> shown;
    private final Consumer<String> problem;
    private Consumer<URI> opener;

    /**
     * @param shown   the page of what is on screen now
     * @param problem shows a sentence when there are no docs to open
     */
    public DocsHelp(DocsLocator locator, Supplier<DocPage> shown, Consumer<String> problem) {
        this.locator = locator;
        this.shown = shown;
        this.problem = problem;
        this.opener = uri -> problem.accept(Messages.text("help.no-browser", uri));
    }

    /** Where pages open: the app gives its HostServices. */
    public void openWith(Consumer<URI> opener) {
        this.opener = Objects.requireNonNull(opener);
    }

    /** Opens the page of what is on screen. */
    public void open() {
        DocPage page = shown.get();
        locator.uriOf(page).ifPresentOrElse(opener,
                () -> problem.accept(Messages.text("help.no-docs", page.file())));
    }
}
