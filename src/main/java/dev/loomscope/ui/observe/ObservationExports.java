package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.view.ObservationSummary;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Messages;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What an observation gives to keep: its summary (the fields of {@code loomscope attach --json}) as
 * CSV or JSON, its recording as .jfr, and the card stamped on its pictures. Every file is written off
 * the FX thread, whole or not at all (the window's exports for the summary, the session for the
 * recording, both through AtomicFiles); how it went shows in the status bar or the banner.
 */
public final class ObservationExports {

    private final ObserveSession session;
    private final WindowExports exports;
    private final Consumer<String> problem;
    private final Consumer<String> say;

    /**
     * @param problem shows why nothing could be saved (the banner)
     * @param say     tells what is under way (the status bar)
     */
    public ObservationExports(ObserveSession session, WindowExports exports, Consumer<String> problem, Consumer<String> say) {
        this.session = session;
        this.exports = exports;
        this.problem = problem;
        this.say = say;
    }

    /** The summary to a file the user picks (a save dialog), as CSV or JSON. */
    void chooseSummary(boolean csv) {
        String name = csv ? "observation.csv" : "observation.json";
        exports.chooseFile(name, csv ? "CSV" : "JSON", csv ? "*.csv" : "*.json").ifPresent(file -> saveSummary(file, csv));
    }

    /** The recording to a file the user picks (a save dialog). */
    void chooseJfr() {
        exports.chooseFile("observation.jfr", Messages.text("export.type.jfr"), "*.jfr").ifPresent(this::saveJfr);
    }

    /** The summary with the fields of {@code loomscope attach --json}, as CSV or JSON, written off the FX thread. */
    public CompletableFuture<Path> saveSummary(Path file, boolean csv) {
        Observed now = session.observed();
        if (now == null) {
            problem.accept(Messages.text("observe.export.none"));
            return CompletableFuture.failedFuture(new IllegalStateException(Messages.text("observe.export.none")));
        }
        ObservationSnapshot s = now.observation().snapshot();
        return exports.saveText(file, csv ? ObservationSummary.csv(s) : ObservationSummary.json(s) + "\n");
    }

    /** The observation's recording as .jfr: what it has so far while it runs, all of it once stopped. */
    public CompletableFuture<Path> saveJfr(Path file) {
        say.accept(Messages.text("observe.export.jfr-saving", file));
        return exports.reported(session.saveJfr(file));
    }

    /** The card stamped on pictures while observing: what was observed and what it showed. */
    static VBox card(ObservationSnapshot s) {
        var heading = new Label(ObserveTexts.title(s.target()));
        heading.getStyleClass().add("run-card-title");
        var seen = new Label(Messages.text("observe.card", Durations.humanMillis(s.elapsedMs()), s.virtualThreadStarts(), s.pinnedEvents(),
                Durations.humanMillis(s.pinnedMs())));
        var brand = new Label("LoomScope");
        brand.getStyleClass().add("run-card-brand");
        var card = new VBox(2, heading, seen, new Label(ObserveTexts.state(s)), brand);
        card.getStyleClass().add("run-card");
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        card.setMouseTransparent(true);
        return card;
    }
}
