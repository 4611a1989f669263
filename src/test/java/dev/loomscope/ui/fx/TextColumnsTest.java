package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A table's text columns in stage-sized type: every header whole, in a column made narrow for the desk's type. */
@WindowTest
class TextColumnsTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** Each header's words as drawn, after a table of these columns (80 px each, as set for the desk) is laid out in 22 px type. */
    private static List<String> headersDrawn(List<String> names) throws Exception {
        return Fx.call(() -> {
            var table = new TableView<String>();
            for (String name : names) {
                var column = new TableColumn<String, String>(name);
                column.setPrefWidth(80);
                column.setMinWidth(80);
                TextColumns.fill(column, row -> row);
                table.getColumns().add(column);
            }
            table.getItems().add("a row");
            table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
            var root = new StackPane(table);
            root.setStyle("-fx-font-size: 22px;");
            new Scene(root, 400, 300);
            for (int pass = 0; pass < 3; pass++) {
                root.applyCss();
                root.layout();
            }
            return table.lookupAll(".column-header").stream()
                    .filter(header -> header instanceof TableColumnHeader h && h.getTableColumn() != null && h.getTableColumn().getColumns().isEmpty())
                    .map(header -> ((Text) header.lookup(".text")).getText()).toList();
        });
    }

    @Test
    void everyHeaderIsWholeInStageType() throws Exception {
        assertThat(headersDrawn(List.of("Total", "Pins", "Longest", "Where", "Blocking"))).containsExactly("Total", "Pins", "Longest", "Where", "Blocking");
    }
}
