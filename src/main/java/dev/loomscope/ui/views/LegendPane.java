package dev.loomscope.ui.views;

import java.util.List;
import javafx.geometry.HPos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.FlowPane;

/**
 * A legend that asks for one line and wraps onto more when its row is too narrow (a 720p stage),
 * instead of holding the views' column wider than the screen allows. Wrapped, its lines are evened out: a flow fills each
 * line before the next, and left one word ("done") alone on the last, which read as a stray; the same lines, each about
 * as long, read as one legend.
 */
public final class LegendPane extends FlowPane {

    public LegendPane() {
        super(14, 2);
    }

    /** One line of every item: a plain FlowPane would ask for its whole wrap length. */
    @Override
    protected double computePrefWidth(double height) {
        List<Node> items = getManagedChildren();
        return Math.ceil(snappedLeftInset() + (items.isEmpty() ? 0 : width(items, 0, items.size())) + snappedRightInset());
    }

    /** The widest item: narrower than that, an item would be cut. */
    @Override
    protected double computeMinWidth(double height) {
        double widest = 0;
        for (Node child : getManagedChildren()) {
            widest = Math.max(widest, itemWidth(child));
        }
        return snappedLeftInset() + widest + snappedRightInset();
    }

    /** As tall as the lines this width takes, counted as {@link #layoutChildren()} counts them. */
    @Override
    protected double computePrefHeight(double width) {
        List<Node> items = getManagedChildren();
        if (items.isEmpty()) {
            return snappedTopInset() + snappedBottomInset();
        }
        double room = width < 0 ? Double.MAX_VALUE : width - snappedLeftInset() - snappedRightInset();
        double line = lineHeight(items);
        int lines = lines(items, room);
        return snappedTopInset() + snapSizeY(lines * line + (lines - 1) * getVgap()) + snappedBottomInset();
    }

    /**
     * In as few lines as a flow takes at this width, but broken where the lines' spare room, squared, is least in sum: that
     * spreads the items evenly over the lines. Lines are aligned as the pane's alignment says.
     */
    @Override
    protected void layoutChildren() {
        List<Node> items = getManagedChildren();
        if (items.isEmpty()) {
            return;
        }
        double room = getWidth() - snappedLeftInset() - snappedRightInset();
        int[] starts = evenBreaks(items, room, flowBreaks(items, room));
        double line = lineHeight(items);
        double block = starts.length * line + (starts.length - 1) * getVgap();
        double y = snappedTopInset() + shift(getAlignment().getVpos(), getHeight() - snappedTopInset() - snappedBottomInset() - block);
        for (int i = 0; i < starts.length; i++) {
            int end = i + 1 < starts.length ? starts[i + 1] : items.size();
            double x = snappedLeftInset() + shift(getAlignment().getHpos(), room - width(items, starts[i], end));
            for (Node item : items.subList(starts[i], end)) {
                double width = itemWidth(item);
                layoutInArea(item, x, y, width, line, 0, getMargin(item), HPos.LEFT, getRowValignment());
                x += width + getHgap();
            }
            y += line + getVgap();
        }
    }

    /**
     * The first item of each of as many lines as the flow's breaks make, every line within {@code room}, chosen so the spare
     * room squared is least in sum (the flow's own, if none is found). A legend holds a handful of items: trying every break
     * is cheap.
     */
    private int[] evenBreaks(List<Node> items, double room, int[] flow) {
        int n = items.size();
        int lines = flow.length;
        // cost[k][i]: the least cost of the first i items in k lines; from[k][i]: where the last of those lines starts.
        double[][] cost = new double[lines + 1][n + 1];
        int[][] from = new int[lines + 1][n + 1];
        for (double[] row : cost) {
            java.util.Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        cost[0][0] = 0;
        for (int k = 1; k <= lines; k++) {
            for (int i = 1; i <= n; i++) {
                for (int j = i - 1; j >= 0; j--) {
                    double width = width(items, j, i);
                    if (width > room && i - j > 1) {
                        break;
                    }
                    double spare = Math.max(0, room - width);
                    double total = cost[k - 1][j] + spare * spare;
                    if (total < cost[k][i]) {
                        cost[k][i] = total;
                        from[k][i] = j;
                    }
                }
            }
        }
        if (cost[lines][n] == Double.POSITIVE_INFINITY) {
            return flow;
        }
        int[] starts = new int[lines];
        for (int k = lines, i = n; k > 0; k--) {
            starts[k - 1] = from[k][i];
            i = from[k][i];
        }
        return starts;
    }

    /** The width of items {@code from} (included) to {@code to} (excluded) on one line. */
    private double width(List<Node> items, int from, int to) {
        double width = (to - from - 1) * getHgap();
        for (Node item : items.subList(from, to)) {
            width += itemWidth(item);
        }
        return width;
    }

    /** How many lines the items take, each filled as far as {@code room} lets it. */
    private int lines(List<Node> items, double room) {
        return flowBreaks(items, room).length;
    }

    /** The first item of each line, each line filled as far as {@code room} lets it (as a flow lays them out). */
    private int[] flowBreaks(List<Node> items, double room) {
        var starts = new java.util.ArrayList<Integer>();
        starts.add(0);
        for (int i = 1; i < items.size(); i++) {
            if (width(items, starts.getLast(), i + 1) > room) {
                starts.add(i);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double lineHeight(List<Node> items) {
        double tallest = 0;
        for (Node item : items) {
            tallest = Math.max(tallest, item.prefHeight(-1));
        }
        return tallest;
    }

    /** Where a line starts, or the lines do, for the spare room (none, when it is too narrow: from its start). */
    private static double shift(HPos pos, double spare) {
        return Math.max(0, pos == HPos.RIGHT ? spare : pos == HPos.CENTER ? spare / 2 : 0);
    }

    private static double shift(VPos pos, double spare) {
        return Math.max(0, pos == VPos.BOTTOM ? spare : pos == VPos.CENTER ? spare / 2 : 0);
    }

    /** An item's width as the pane lays it out: rounded up, plus a pixel, so that a sum a hair short never wraps the last item. */
    private static double itemWidth(Node item) {
        return Math.ceil(item.prefWidth(-1)) + 1;
    }
}
