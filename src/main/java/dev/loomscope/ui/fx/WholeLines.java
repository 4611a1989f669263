package dev.loomscope.ui.fx;

import java.util.List;
import javafx.geometry.HPos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * A column of wrapped labels that, given less height than they need, gives each whole lines: each keeps at least its
 * first, and the lines left go to the first labels first. A VBox takes a shortfall from each alike, which left a label
 * room for two lines and most of a third: it drew two, with a blank line's gap under them (a recording on a 720p stage).
 */
public class WholeLines extends VBox {

    @Override
    protected void layoutChildren() {
        List<Node> children = getManagedChildren();
        double left = snappedLeftInset();
        double top = snappedTopInset();
        double width = getWidth() - left - snappedRightInset();
        double spacing = snapSpaceY(getSpacing());
        double room = getHeight() - top - snappedBottomInset() - spacing * Math.max(0, children.size() - 1);
        double[] heights = new double[children.size()];
        double wanted = 0;
        for (int i = 0; i < heights.length; i++) {
            heights[i] = snapSizeY(children.get(i).prefHeight(width));
            wanted += heights[i];
        }
        if (wanted > room) {
            double[] whole = heights.clone();
            double spare = room;
            for (int i = 0; i < heights.length; i++) {
                heights[i] = snapSizeY(children.get(i).minHeight(width));
                spare -= heights[i];
            }
            for (int i = 0; i < heights.length; i++) {
                double line = lineHeight(children.get(i), width, heights[i], whole[i]);
                while (line > 0 && spare >= line && heights[i] + line <= whole[i] + 0.5) {
                    heights[i] += line;
                    spare -= line;
                }
            }
        }
        double y = top;
        for (int i = 0; i < heights.length; i++) {
            layoutInArea(children.get(i), left, y, width, heights[i], 0, HPos.LEFT, VPos.TOP);
            y += heights[i] + spacing;
        }
    }

    /**
     * What one more line of {@code node}'s text takes, from its own least and whole heights ({@code min}, {@code whole}):
     * the difference shared by the lines it wraps to. A node that is no label gets the rest of its height or nothing.
     */
    private static double lineHeight(Node node, double width, double min, double whole) {
        if (!(node instanceof Labeled label) || label.getText() == null || whole <= min) {
            return whole - min;
        }
        double graphic = label.getGraphic() == null ? 0 : label.getGraphic().prefWidth(-1) + label.getGraphicTextGap();
        var text = new Text(label.getText());
        text.setFont(label.getFont());
        text.setLineSpacing(label.getLineSpacing());
        text.setWrappingWidth(width - label.snappedLeftInset() - label.snappedRightInset() - graphic);
        var one = new Text("X");
        one.setFont(label.getFont());
        long lines = Math.round(text.getLayoutBounds().getHeight() / one.getLayoutBounds().getHeight());
        return lines <= 1 ? whole - min : (whole - min) / (lines - 1);
    }
}
