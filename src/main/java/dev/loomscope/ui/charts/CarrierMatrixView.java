package dev.loomscope.ui.charts;

import dev.loomscope.model.CarrierVerdict;
import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Messages;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.HPos;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * The blocking-kinds experiment's table, in place of its bars: one row per run (its kind of
 * blocking), its elapsed time beside the perfect world if the waits freed their carriers, JFR's
 * pins, the most carrier threads against the carriers, and the verdict the figures give
 * ({@link CarrierVerdict}). Labels in a grid, so the type follows the stage's scale.
 */
public final class CarrierMatrixView extends GridPane {

    private final List<CarrierVerdict> rows = new ArrayList<>();

    public CarrierMatrixView() {
        getStyleClass().add("carrier-matrix");
        setHgap(8);
        setVgap(2);
        for (int column = 0; column < 5; column++) {
            var constraints = new ColumnConstraints();
            constraints.setHalignment(column == 0 || column == 4 ? HPos.LEFT : HPos.RIGHT);
            constraints.setHgrow(column == 4 ? Priority.ALWAYS : Priority.NEVER);
            getColumnConstraints().add(constraints);
        }
        show(List.of(), 2);
    }

    /** One row per completed virtual-thread run of {@code runs}, in the order they ran. */
    public void show(List<RunModel> runs, int cores) {
        rows.clear();
        for (RunModel run : runs) {
            if (run.result() != null) {
                var verdict = CarrierVerdict.of(run.result(), cores);
                if (verdict != null) {
                    rows.add(verdict);
                }
            }
        }
        getChildren().clear();
        String[] heads = {"matrix.kind", "matrix.elapsed", "matrix.pins", "matrix.carriers", "matrix.verdict"};
        for (int column = 0; column < heads.length; column++) {
            var head = cell(Messages.text(heads[column]), "matrix-head");
            wrapBetweenWords(head);
            add(head, column, 0);
        }
        for (int i = 0; i < rows.size(); i++) {
            CarrierVerdict row = rows.get(i);
            String verdict = switch (row.verdict()) {
                case FREES -> "frees";
                case PINS -> "pins";
                case HOLDS -> "holds";
                case COMPENSATED -> "compensated";
                case FREES_OR_COMPENSATED -> "frees-or-compensated";
                case UNCLEAR -> "unclear";
            };
            add(cell(row.kind(), "matrix-kind"), 0, i + 1);
            add(cell(pair(Durations.humanMillis(row.elapsedMs()), Durations.humanMillis(row.idealIfFreedMs())), "matrix-figure"), 1, i + 1);
            add(cell("%,d".formatted(row.pins()), "matrix-figure"), 2, i + 1);
            add(cell(row.carrierFigure(), "matrix-figure"), 3, i + 1);
            var said = cell(row.words(), "matrix-verdict", "matrix-" + verdict);
            // The one cell that may take two lines, when the column is narrow.
            said.setWrapText(true);
            said.setMinWidth(0);
            add(said, 4, i + 1);
        }
    }

    /**
     * A head takes two lines rather than widen its column past the figures under it (at a 720p desk the table's place is
     * about 350 px wide, and the verdicts' head ran past it), but breaks between words only: it is never narrower than
     * its longest word in the type the stylesheet gives it.
     */
    private static void wrapBetweenWords(Label head) {
        head.setWrapText(true);
        Runnable narrowest = () -> head.setMinWidth(Math.ceil(TextFit.widestWord(head.getText(), head.getFont())) + 1);
        head.fontProperty().addListener((font, was, now) -> narrowest.run());
        narrowest.run();
    }

    /** "612 / 40 ms": the unit once when both figures share it, so the column stays narrow. */
    static String pair(String elapsed, String ideal) {
        String unit = elapsed.substring(elapsed.lastIndexOf(' ') + 1);
        boolean shared = elapsed.contains(" ") && ideal.endsWith(" " + unit);
        return Messages.text("matrix.elapsed.value", shared ? elapsed.substring(0, elapsed.lastIndexOf(' ')) : elapsed, ideal);
    }

    private static Label cell(String text, String... styles) {
        var label = new Label(text);
        label.getStyleClass().addAll(styles);
        label.setMinWidth(Label.USE_PREF_SIZE);
        return label;
    }

    /** The rows shown, as the figures gave them (read by tests). */
    public List<CarrierVerdict> rows() {
        return List.copyOf(rows);
    }

    /** Every cell's label, heads first (read by tests). */
    public List<Label> cells() {
        return getChildren().stream().map(Label.class::cast).toList();
    }
}
