package dev.loomscope.ui.export;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.result.ResultRow;
import dev.loomscope.scenario.Durations;
import dev.loomscope.result.RunResult;
import dev.loomscope.model.RunModel;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * What leaves the window: pictures (of the window or of one view, 1x or 2x, with or without the
 * run card stamped in a corner, to a file or the clipboard) and the results as CSV or JSON, with
 * the same fields as {@code loomscope run --json}.
 */
final class Exports {

    private Exports() {
    }

    /**
     * Takes a picture of what {@code host} shows, with a card (the run's, or the observation's) in its
     * bottom-right corner when {@code card} is not null. The card is put in the scene for the picture only, so it is
     * styled by the theme like everything else, then taken away. FX thread only.
     */
    static WritableImage picture(StackPane host, VBox card, double scale, Supplier<javafx.scene.Node> subject) {
        if (card != null) {
            // Unmanaged, so the card never changes the layout of what it is stamped on; placed by hand.
            card.setManaged(false);
            host.getChildren().add(card);
            card.applyCss();
            card.autosize();
            card.relocate(Math.max(0, host.getWidth() - card.getWidth() - 8), Math.max(0, host.getHeight() - card.getHeight() - 8));
        }
        try {
            return PngExport.snapshot(subject.get(), scale);
        } finally {
            if (card != null) {
                host.getChildren().remove(card);
            }
        }
    }

    /** The run card: what ran, where, and what it measured, for a picture that stands on its own. */
    static VBox runCard(RunModel run) {
        var title = new Label(run.title());
        title.getStyleClass().add("run-card-title");
        var settings = new Label(RunHistoryView.settings(run.scenario()));
        var hello = run.hello();
        var machine = new Label(hello == null ? "" : Messages.text("card.machine", hello.javaVersion(), hello.cores()));
        RunResult result = run.result();
        var measured = new Label(result == null ? "running" : result.isCompleted()
                ? Messages.text("card.elapsed", Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(run.idealMs()))
                : result.outcome().name().toLowerCase(java.util.Locale.ROOT) + ": " + result.message());
        var brand = new Label("LoomScope");
        brand.getStyleClass().add("run-card-brand");
        var card = new VBox(2, title, settings, machine, measured, brand);
        card.getStyleClass().add("run-card");
        card.setMaxSize(javafx.scene.layout.Region.USE_PREF_SIZE, javafx.scene.layout.Region.USE_PREF_SIZE);
        card.setMouseTransparent(true);
        return card;
    }

    static void copyToClipboard(WritableImage image) {
        var content = new ClipboardContent();
        content.putImage(image);
        javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
    }

    /** The finished runs' results, one CSV row each after the header. */
    static String resultsCsv(List<RunModel> runs) {
        var text = new StringBuilder(ResultRow.csvHeader()).append('\n');
        for (RunResult result : results(runs)) {
            text.append(ResultRow.of(result, 1).toCsvLine()).append('\n');
        }
        return text.toString();
    }

    /** The finished runs' results as a JSON array of {@code run --json} objects. */
    static String resultsJson(List<RunModel> runs) {
        return "[" + String.join(",\n", results(runs).stream().map(r -> ResultRow.of(r, 1).toJsonLine()).toList()) + "]\n";
    }

    private static List<RunResult> results(List<RunModel> runs) {
        return runs.stream().map(RunModel::result).filter(java.util.Objects::nonNull).toList();
    }
}
