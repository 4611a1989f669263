package dev.loomscope.ui.fx;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Font;

/** The window's table columns of text, filled one way for every table. */
public final class TextColumns {

    private TextColumns() {
    }

    /**
     * Fills {@code column} with each row's {@code text}. Its cells' alignment is set here, for good, to the one the
     * theme gives a table's cells (on a baseline shared across the row), so the theme's alignment classes do not
     * reach them: JavaFX's row lays out a cell its stylesheet has not reached yet at the top of a tall row and keeps
     * it there, which is what a column shown after its rows were made (a dump's "Same at" column, a table's hidden
     * columns shown again) got.
     */
    public static <T> void fill(TableColumn<T, String> column, Function<T, String> text) {
        column.setCellValueFactory(row -> new ReadOnlyStringWrapper(text.apply(row.getValue())));
        column.setCellFactory(c -> new TextCell<>());
        keepHeaderWhole(column);
    }

    private static final String LEAST_WIDTH = "loomscope.column.least-width";
    private static final String WATCHED = "loomscope.column.header-watched";

    /**
     * Keeps {@code column} at least as wide as its header's words in the type the header is drawn in: widths are set in
     * pixels for the desk's type, and on stage ("Longest" in 22 px type, in an 80 px column) a header read "Lon...". A
     * table too narrow for its headers then scrolls sideways rather than cut one. The header is the table's skin's, made
     * when the table first lays out and again when its columns change: its label's font is watched once it is there.
     */
    static void keepHeaderWhole(TableColumn<?, ?> column) {
        column.tableViewProperty().subscribe(table -> {
            if (table == null) {
                return;
            }
            // The least width its maker gave it, read once it is in its table (after what set it, FXML or code).
            double least = (Double) column.getProperties().computeIfAbsent(LEAST_WIDTH, key -> column.getMinWidth());
            Runnable watch = () -> {
                if (column.getStyleableNode() instanceof Parent header && header.lookup(".label") instanceof Label label
                        && label.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) == null) {
                    label.fontProperty().subscribe(font -> {
                        double whole = Math.max(least, headerWidth(column.getText(), font, label));
                        column.setMaxWidth(Math.max(column.getMaxWidth(), whole));
                        column.setMinWidth(whole);
                    });
                }
            };
            table.skinProperty().subscribe(skin -> watch.run());
            table.getColumns().subscribe(watch);
            table.widthProperty().subscribe(width -> watch.run());
        });
    }

    /** A header's width: its words in its label's font, and the label's and the header's padding. */
    static double headerWidth(String header, Font font, Label label) {
        if (header == null || header.isEmpty() || font == null) {
            return 0;
        }
        // The label's own padding, and about half an em a side for the header's cell around it.
        return Math.ceil(TextWidth.of(header, font) + label.snappedLeftInset() + label.snappedRightInset() + font.getSize());
    }

    private static final class TextCell<T> extends TableCell<T, String> {

        TextCell() {
            setAlignment(Pos.BASELINE_LEFT);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
        }
    }
}
