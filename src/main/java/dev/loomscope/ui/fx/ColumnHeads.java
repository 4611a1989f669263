package dev.loomscope.ui.fx;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumnBase;
import javafx.scene.layout.Region;

/**
 * Table column heads that say the longest of their forms that fits the column ("Total time", else "Total"), as
 * {@link FittedText} does for a label. A constrained table on a 720p stage leaves its small columns narrow, and JavaFX
 * cuts their heads ("Total ti...", "Lon..."), which a room reads as other words. The column keeps its full text (a
 * screen reader's, a column menu's); its head shows a label of its own in the text's place (style class
 * {@code fitted-head}, whose sheet shows the head's graphic only), with the full text its tooltip while the short one
 * shows. FXML gives the short form as {@code <TableColumn text="%key" ColumnHeads.shortText="%key.short"/>}.
 */
public final class ColumnHeads {

    static final String FITTED = "fitted-head";
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
        var head = new Label();
        head.getStyleClass().add("column-head");
        head.setMinWidth(0);
        // Given all the room the header's own label leaves for its text (the column less its padding and the sort arrow), which
        // is what its forms are fitted to; not its text's width, or a short form shown would keep it too narrow for the full one.
        // The header's label is the head's parent, and a table that rebuilds its headers gives the head a new one.
        head.parentProperty().subscribe(parent -> {
            head.prefWidthProperty().unbind();
            head.maxWidthProperty().unbind();
            if (parent instanceof Region label) {
                var room = Bindings.createDoubleBinding(() -> Math.max(0, label.getWidth() - label.snappedLeftInset() - label.snappedRightInset()),
                        label.widthProperty(), label.insetsProperty());
                head.prefWidthProperty().bind(room);
                head.maxWidthProperty().bind(room);
            }
        });
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
}
