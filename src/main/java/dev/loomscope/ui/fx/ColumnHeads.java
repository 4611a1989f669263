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

    private ColumnHeads() {
    }

    /** Gives {@code column}'s head a shorter form, shown when its full text does not fit the column. */
    public static void setShortText(TableColumnBase<?, ?> column, String shortText) {
        var head = column.getGraphic() instanceof Head fitted ? fitted : new Head(column);
        head.shortText = shortText;
        head.refit();
    }

    /** The shorter form of {@code column}'s head, or null. */
    public static String getShortText(TableColumnBase<?, ?> column) {
        return column.getGraphic() instanceof Head head ? head.shortText : null;
    }

    /**
     * The column's head, in its header's text's place. The header's label, showing its graphic alone, gives a resizable one
     * all the room its text would have had (the column less its padding and the sort arrow): the forms are fitted to that.
     * Its preferred width is its full form's, whatever form it shows: a column sized to fit its content fits it.
     */
    private static final class Head extends Label {

        private final TableColumnBase<?, ?> column;
        private final FittedText fitted;
        private String shortText;

        Head(TableColumnBase<?, ?> column) {
            this.column = column;
            getStyleClass().add("column-head");
            setMinWidth(0);
            setMaxWidth(Double.MAX_VALUE);
            fitted = FittedText.on(this);
            column.textProperty().subscribe(text -> refit());
            column.getStyleClass().add(FITTED);
            column.setGraphic(this);
        }

        private String fullText() {
            return column.getText() == null ? "" : column.getText();
        }

        void refit() {
            String text = fullText();
            fitted.show(shortText == null || shortText.equals(text) ? List.of(text) : List.of(text, shortText));
        }

        @Override
        protected double computePrefWidth(double height) {
            return TextWidth.of(fullText(), getFont()) + snappedLeftInset() + snappedRightInset();
        }
    }
}
