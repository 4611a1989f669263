package dev.loomscope.ui.fx;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;

/** The window's table columns of text, filled one way for every table. */
public final class TextColumns {

    private TextColumns() {
    }

    /**
     * Fills {@code column} with each row's {@code text}, whole in the cell's tooltip where the column cuts it. Its
     * cells' alignment is set here, for good, to the one the theme gives a table's cells (on a baseline shared across
     * the row), so the theme's alignment classes do not reach them: JavaFX's row lays out a cell its stylesheet has not
     * reached yet at the top of a tall row and keeps it there, which is what a column shown after its rows were made (a
     * dump's "Same at" column, a table's hidden columns shown again) got.
     */
    public static <T> void fill(TableColumn<T, String> column, Function<T, String> text) {
        column.setCellValueFactory(row -> new ReadOnlyStringWrapper(text.apply(row.getValue())));
        column.setCellFactory(c -> new TextCell<>(null));
    }

    /**
     * As {@link #fill(TableColumn, Function)}, the cell showing {@code brief} (a stack frame without its package) and its
     * tooltip always the {@code whole} text it stands for.
     */
    public static <T> void fill(TableColumn<T, String> column, Function<T, String> brief, Function<T, String> whole) {
        column.setCellValueFactory(row -> new ReadOnlyStringWrapper(brief.apply(row.getValue())));
        column.setCellFactory(c -> new TextCell<>(whole));
    }

    private static final class TextCell<T> extends TableCell<T, String> {

        private final Function<T, String> whole;

        TextCell(Function<T, String> whole) {
            this.whole = whole;
            setAlignment(Pos.BASELINE_LEFT);
            if (whole == null) {
                // A narrow column (a 720p stage's) cuts a frame or a reason: the pointer reads it whole.
                Tooltips.whenCut(this);
            }
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            if (whole != null) {
                // The table's own item at this cell's index: a row's item may still be the one it showed before.
                var items = getTableView() == null ? null : getTableView().getItems();
                int index = getIndex();
                T row = empty || items == null || index < 0 || index >= items.size() ? null : items.get(index);
                String text = row == null ? null : whole.apply(row);
                if (!java.util.Objects.equals(text, Tooltips.getText(this))) {
                    Tooltips.setText(this, text);
                }
            }
        }
    }
}
