package dev.loomscope.ui.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The editor's bar in a tab as narrow as a 720p stage leaves it: every control keeps its words, and the status is whole. */
@WindowTest
class TaskEditorBarTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** A message as long as a file that could not be read makes it. */
    private static final String LONG = "Could not read a-task-kept-in-a-folder-with-a-long-name/YourTask.java: "
            + "the file is not there any more, or this user may not read it";

    /** The controls squeezed below their words; whether the status is whole within the bar; its text; the bar's least width. */
    private static List<Object> barAt(double width) throws Exception {
        return Fx.call(() -> {
            var editor = new TaskEditor();
            ((Label) editor.lookup("#taskStatus")).setText(LONG);
            // The presentation mode's size of type: the bar's words at their widest.
            editor.setStyle("-fx-font-size: 22px;");
            var root = new Pane(editor);
            // The window's sheets, as this scene's own: its buttons' padding and type as the window has them.
            new Scene(root, width, 600).getStylesheets().addAll(new atlantafx.base.theme.PrimerDark().getUserAgentStylesheet(),
                    TaskEditor.class.getResource("/dev/loomscope/ui/theme/loomscope.css").toExternalForm());
            editor.resize(width, 600);
            root.applyCss();
            editor.layout();
            var bar = (Region) editor.getTop();
            bar.layout();
            var shrunk = new java.util.ArrayList<String>();
            Label status = null;
            for (var node : bar.getChildrenUnmodifiable()) {
                if (node instanceof Label label && "taskStatus".equals(label.getId())) {
                    status = label;
                } else if (node instanceof Labeled labeled && labeled.getWidth() + 0.5 < labeled.prefWidth(-1)) {
                    shrunk.add(labeled.getText());
                }
            }
            var bounds = status.getBoundsInParent();
            boolean whole = status.getHeight() + 0.5 >= status.prefHeight(status.getWidth()) && bounds.getMaxX() <= bar.getWidth() + 0.5;
            Label statusLabel = status;
            double widestControl = bar.getChildrenUnmodifiable().stream().filter(node -> node != statusLabel)
                    .mapToDouble(node -> node.prefWidth(-1)).max().orElse(0);
            return List.of(shrunk, whole, status.getText(), bar.minWidth(-1) <= widestControl + 20);
        });
    }

    @Test
    void inANarrowTabNoButtonIsCutAndTheStatusIsWhole() throws Exception {
        List<Object> narrow = barAt(560);
        assertThat(narrow.get(0)).as("controls squeezed below their words").isEqualTo(List.of());
        assertThat(narrow.get(1)).as("the status, whole within the bar: %s", narrow.get(2)).isEqualTo(true);
        assertThat(narrow.get(3)).as("a long status does not hold the tab wider than its widest control").isEqualTo(true);
        List<Object> wide = barAt(1200);
        assertThat(wide.get(0)).isEqualTo(List.of());
        assertThat(wide.get(1)).isEqualTo(true);
    }
}
