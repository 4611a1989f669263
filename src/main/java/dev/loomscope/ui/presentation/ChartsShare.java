package dev.loomscope.ui.presentation;

import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;

/**
 * How the results tab's two charts share it: the comparison always, the completion chart beside it (under it on stage)
 * only where it can name its curves. Curves without names tell nothing: where the chart cannot name them (on stage at
 * 1440 x 900, the structured and web-service experiments' seven runs under the comparison; at the desk of a 960x640
 * window, the JEP 491 experiment's long names) it leaves the room to the comparison, until the charts grow or its names
 * could fit. The divider between them goes back where the user last dragged it.
 */
final class ChartsShare {

    /**
     * How much larger the charts must grow before the completion chart that stepped aside tries again: by the pixel, a
     * window dragged larger at the desk showed it and put it aside again on every frame.
     */
    private static final double GROWN = 32;

    private final SplitPane charts;
    private final CompletionChartView completion;
    private final ElapsedBarsView bars;
    private final ObservableBooleanValue onStage;
    /** On stage, whether the side column has room for both charts. */
    private final BooleanSupplier roomOnStage;
    /**
     * Where the completion chart last could not name its curves beside the comparison (null: nowhere since the layout
     * changed): it joins again only when the charts are {@link #GROWN} px wider or taller, or its names fewer or shorter.
     */
    private NamesDidNotFit namesDidNotFit;
    /**
     * The divider where the completion chart shares the charts, at the desk and on stage: where the user last dragged it,
     * so that it comes back there after the chart stepped aside (a narrower window first pushes it to the middle).
     */
    private double deskShare = 0.62;
    private double stageShare = 0.5;
    private boolean dragging;

    /** The charts' size, and the completion chart's names (how many, the longest's length), where the names did not fit. */
    private record NamesDidNotFit(double width, double height, int names, int longest) {

        static int longest(List<String> names) {
            return names.stream().mapToInt(String::length).max().orElse(0);
        }

        boolean mayFit(List<String> now) {
            return now.size() < names || longest(now) < longest;
        }
    }

    ChartsShare(SplitPane charts, CompletionChartView completion, ElapsedBarsView bars, ObservableBooleanValue onStage,
            BooleanSupplier roomOnStage) {
        this.charts = charts;
        this.completion = completion;
        this.bars = bars;
        this.onStage = onStage;
        this.roomOnStage = roomOnStage;
        charts.heightProperty().addListener((obs, old, height) -> place());
        charts.widthProperty().addListener((obs, old, width) -> place());
        completion.setOnNamesShown(shown -> {
            if (!shown && charts.getItems().contains(completion)) {
                // Not inside the layout pass that told it: the split is laying out its items.
                Platform.runLater(() -> {
                    if (charts.getItems().contains(completion) && !completion.namesShown()) {
                        List<String> names = completion.names();
                        namesDidNotFit = new NamesDidNotFit(charts.getWidth(), charts.getHeight(), names.size(), NamesDidNotFit.longest(names));
                        place();
                    }
                });
            }
        });
        completion.setOnNamesChanged(names -> {
            if (namesDidNotFit != null && namesDidNotFit.mayFit(names)) {
                namesDidNotFit = null;
                place();
            }
        });
        charts.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> dragging = DeskHeights.onADivider(e));
        charts.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (dragging && charts.getItems().size() == 2) {
                double at = charts.getDividerPositions()[0];
                if (onStage.get()) {
                    stageShare = at;
                } else {
                    deskShare = at;
                }
            }
            dragging = false;
        });
        bars.tableShownProperty().addListener((obs, was, shown) -> {
            namesDidNotFit = null;
            place();
        });
    }

    /** The mode changed: side by side at the desk, stacked on stage (side by side, they would be too narrow to read). */
    void arrange() {
        namesDidNotFit = null;
        charts.setOrientation(onStage.get() ? Orientation.VERTICAL : Orientation.HORIZONTAL);
        place();
    }

    /** The completion chart beside the comparison where it fits, its curves named; else the comparison alone. */
    void place() {
        boolean on = onStage.get();
        NamesDidNotFit not = namesDidNotFit;
        boolean show = (!on || roomOnStage.getAsBoolean())
                && (not == null || charts.getWidth() >= not.width() + GROWN || charts.getHeight() >= not.height() + GROWN);
        List<Node> wanted = show ? (on ? List.of(bars, completion) : List.of(completion, bars)) : List.of(bars);
        if (charts.getItems().equals(wanted)) {
            return;
        }
        charts.getItems().setAll(wanted);
        double share = on ? stageShare : deskShare;
        charts.setDividerPositions(share);
        // The split's skin spreads the dividers evenly in its first layout after its items change: put back after it.
        var scene = charts.getScene();
        if (scene != null && wanted.size() == 2) {
            Runnable again = new Runnable() {
                @Override
                public void run() {
                    scene.removePostLayoutPulseListener(this);
                    if (charts.getItems().equals(wanted)) {
                        charts.setDividerPositions(share);
                    }
                }
            };
            scene.addPostLayoutPulseListener(again);
        }
    }
}
