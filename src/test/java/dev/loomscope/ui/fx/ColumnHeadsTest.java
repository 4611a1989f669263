package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A constrained table's narrow column, in the type a stage has: its head says its short form whole ("Total"), not its full one
 * cut ("Total ti..."), with the full one its tooltip; given room, the full one.
 */
@WindowTest
class ColumnHeadsTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** For each column: the head's drawn text, whether it is drawn whole, its tooltip; in a table {@code width} wide. */
    private static List<List<Object>> headsAt(double width) throws Exception {
        return Fx.call(() -> {
            var table = new TableView<String>();
            var frame = new TableColumn<String, String>("Frame");
            frame.setPrefWidth(400);
            var total = new TableColumn<String, String>("Total time");
            total.setPrefWidth(160);
            total.setMinWidth(90);
            total.setMaxWidth(170);
            ColumnHeads.setShortText(total, "Total");
            var pins = new TableColumn<String, String>("Pins");
            pins.setPrefWidth(90);
            pins.setMinWidth(90);
            pins.setMaxWidth(120);
            table.getColumns().setAll(List.of(frame, total, pins));
            table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
            var root = new StackPane(table);
            // The stage's size of type, in the window's sheets.
            root.setStyle("-fx-font-size: 22px;");
            new Scene(root, width, 300).getStylesheets().addAll(new atlantafx.base.theme.PrimerDark().getUserAgentStylesheet(),
                    ColumnHeads.class.getResource("/dev/loomscope/ui/theme/loomscope.css").toExternalForm());
            for (int pass = 0; pass < 3; pass++) {
                // A head's text set in one layout is laid out in the next, as a pulse would.
                root.applyCss();
                root.layout();
            }
            var heads = new ArrayList<List<Object>>();
            for (Label drawing : NodeProbe.columnHeads(table)) {
                String drawn = NodeProbe.drawnText(drawing);
                boolean whole = drawn.equals(drawing.getText())
                        && TextWidth.of(drawn, drawing.getFont()) <= drawing.getWidth() - drawing.snappedLeftInset() - drawing.snappedRightInset() + 0.5;
                heads.add(List.of(drawn, whole, String.valueOf(Tooltips.getText(drawing))));
            }
            return heads;
        });
    }

    @Test
    void aNarrowColumnSaysItsShortFormWholeAndAWideOneItsFullForm() throws Exception {
        var narrow = headsAt(520);
        assertThat(narrow).as("Frame, Total, Pins at 520 px").containsExactly(List.of("Frame", true, "null"), List.of("Total", true, "Total time"),
                List.of("Pins", true, "null"));
        var wide = headsAt(1400);
        assertThat(wide).as("the same table at 1400 px: columns at their widest").containsExactly(List.of("Frame", true, "null"),
                List.of("Total time", true, "null"), List.of("Pins", true, "null"));
    }
}
