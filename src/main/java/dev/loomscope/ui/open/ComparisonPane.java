package dev.loomscope.ui.open;

import dev.loomscope.ui.fx.TextColumns;
import dev.loomscope.recording.RecordingComparison;
import dev.loomscope.recording.RecordingComparison.Figure;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;

/** Two recordings' figures in two columns with the difference, as {@code open before.jfr after.jfr} prints them. */
final class ComparisonPane extends VBox {

    @FXML
    private Label compareBefore;
    @FXML
    private Label compareAfter;
    @FXML
    private VBox compareCannot;
    @FXML
    private TableView<Figure> compareTable;
    @FXML
    private TableColumn<Figure, String> compareFigure;
    @FXML
    private TableColumn<Figure, String> compareBeforeColumn;
    @FXML
    private TableColumn<Figure, String> compareAfterColumn;
    @FXML
    private TableColumn<Figure, String> compareDifference;

    ComparisonPane(RecordingSummary before, RecordingSummary after) {
        Fxml.load(this);
        TextColumns.fill(compareFigure, f -> Messages.text("open.figure." + f.key()));
        TextColumns.fill(compareBeforeColumn, f -> RecordingComparison.text(f.before()));
        TextColumns.fill(compareAfterColumn, f -> RecordingComparison.text(f.after()));
        TextColumns.fill(compareDifference, f -> f.differenceText() + percent(f));
        compareBefore.setText(Messages.text("open.compare.before-file", before.file(), before.events()));
        compareAfter.setText(Messages.text("open.compare.after-file", after.file(), after.events()));
        compareTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        // What both cannot show is said once; what only one cannot show names it.
        for (var s : java.util.List.of(before, after)) {
            for (String line : s.cannotShow()) {
                boolean both = before.cannotShow().contains(line) && after.cannotShow().contains(line);
                if (both && s == after) {
                    continue;
                }
                compareCannot.getChildren().add(RecordingPane.cannotShowLine(both ? line : s.file().getFileName() + ": " + line));
            }
        }
        compareTable.getItems().setAll(RecordingComparison.of(before, after));
    }

    private static String percent(Figure f) {
        return f.before() == 0 || Double.isNaN(f.difference()) ? "" : " (%+.0f%%)".formatted(f.difference() * 100 / f.before());
    }

}
