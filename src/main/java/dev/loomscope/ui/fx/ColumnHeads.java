package dev.loomscope.ui.fx;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumnBase;

/**
 * Table column heads that say the longest of their forms that fits the column ("Total time", else "Total"), as
 * {@link FittedText} does for a label. A constrained table on a 720p stage leaves its small columns narrow, and JavaFX
 * cuts their heads ("Total ti...", "Lon..."), which a room reads as other words. The column keeps its full text (a
 * screen reader's, a column menu's); its head shows a label of its own in the text's place (style class
 * {@code fitted-head}, whose sheet shows the head's graphic only), with the full text its tooltip while the short one
 * shows. FXML gives the short form as {@code <TableColumn text="%key" ColumnHeads.shortText="%key.short"/>}.
 */
public final class ColumnHeads {

    private static final String FITTED = "fitted-head";
    private static final String SHORT = "loomscope.column.short";
    private static final String REFIT = "loomscope.column.refit";

    private ColumnHeads() {
    }

    /** Gives {@code column}'s head a shorter form, shown when its full text does not fit the column. */
    public static void setShortText(TableColumnBase<?, ?> column, String shortText) {
        column.getProperties().put(SHORT, shortText);
        if (column.getProperties().get(REFIT) instanceof Runnable refit) {
            refit.run();
        } else {
            fit(column);
        }
    }

    /** The shorter form of {@code column}'s head, or null. */
    public static String getShortText(TableColumnBase<?, ?> column) {
        return (String) column.getProperties().get(SHORT);
    }

    private static void fit(TableColumnBase<?, ?> column) {
        var head = new Head(column);
        // The header's label, showing its graphic alone, gives a resizable one all the room its text would have had (the
        // column less its padding and the sort arrow): the forms are fitted to that.
        head.setMinWidth(0);
        head.setMaxWidth(Double.MAX_VALUE);
        var fitted = FittedText.on(head);
        Runnable refit = () -> {
            String text = column.getText() == null ? "" : column.getText();
            String shortText = getShortText(column);
            fitted.show(shortText == null || shortText.equals(text) ? List.of(text) : List.of(text, shortText));
        };
        column.getProperties().put(REFIT, refit);
        column.textProperty().subscribe(text -> refit.run());
        column.getStyleClass().add(FITTED);
        column.setGraphic(head);
    }

    /** A head whose preferred width is its full form's, whatever form it shows: a column sized to fit its content fits it. */
    private static final class Head extends Label {

        private final TableColumnBase<?, ?> column;

        Head(TableColumnBase<?, ?> column) {
            this.column = column;
            getStyleClass().add("column-head");
        }

        @Override
        protected double computePrefWidth(double height) {
            String full = column.getText() == null ? "" : column.getText();
            return TextWidth.of(full, getFont()) + snappedLeftInset() + snappedRightInset();
        }
    }
}
