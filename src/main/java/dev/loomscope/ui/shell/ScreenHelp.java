package dev.loomscope.ui.shell;

import dev.loomscope.ui.help.DocPage;
import dev.loomscope.ui.help.DocsHelp;
import dev.loomscope.ui.help.DocsLocator;
import java.net.URI;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.scene.control.TabPane;

/** F1: the docs page of what is on screen (the stage, an observation, the bottom tab shown), opened through {@link DocsHelp}. */
final class ScreenHelp {

    private final TabPane tabs;
    private final BooleanSupplier onStage;
    private final BooleanSupplier observing;
    private final DocsHelp docs;

    ScreenHelp(TabPane tabs, BooleanSupplier onStage, BooleanSupplier observing, Consumer<String> problem) {
        this.tabs = tabs;
        this.onStage = onStage;
        this.observing = observing;
        this.docs = new DocsHelp(DocsLocator.ofThisApp(), this::page, problem);
    }

    void open() {
        docs.open();
    }

    /** Where the pages open: the app gives its HostServices, a test its own list. */
    void openWith(Consumer<URI> opener) {
        docs.openWith(opener);
    }

    private DocPage page() {
        var tab = tabs.getSelectionModel().getSelectedItem();
        String tabName = tab == null || tab.getId() == null ? null : tab.getId().replaceFirst("Tab$", "");
        return DocPage.forScreen(onStage.getAsBoolean(), observing.getAsBoolean(), tabName);
    }
}
