package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A text column's cell says a value the column cuts whole in its tooltip, and has none where it shows it whole. */
@WindowTest
class TextColumnsTest {

    private static final String FRAME = "dev.loomscope.runner.workload.NativeSleep.sleepInNative(NativeSleep.java:41)";

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** The cell's text and tooltip, in a table {@code width} wide. */
    private static List<String> cellAt(double width) throws Exception {
        return Fx.call(() -> {
            var table = new TableView<String>();
            var frame = new TableColumn<String, String>("Frame");
            TextColumns.fill(frame, row -> row);
            table.getColumns().add(frame);
            table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
            table.getItems().add(FRAME);
            var root = new StackPane(table);
            new Scene(root, width, 200);
            for (int pass = 0; pass < 3; pass++) {
                root.applyCss();
                root.layout();
            }
            var cell = table.lookupAll(".table-cell").stream().map(node -> (TableCell<?, ?>) node).filter(c -> FRAME.equals(c.getText()))
                    .findFirst().orElseThrow();
            return List.of(cell.getText(), String.valueOf(Tooltips.getText(cell)));
        });
    }

    @Test
    void aCutValueIsWholeInItsCellsTooltip() throws Exception {
        assertThat(cellAt(200)).as("cut").containsExactly(FRAME, FRAME);
        assertThat(cellAt(1200)).as("whole").containsExactly(FRAME, "null");
    }
}
