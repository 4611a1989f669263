package dev.loomscope.ui.presentation;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.DoubleBinding;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * How the window's middle shares its height at the desk. The overview (the story, the figures, the
 * Why line) gets what the views under it leave, and scrolls for the rest. In the split under it the
 * task waves and the lanes share by thirds with the tabs, except that the charts never get less than
 * they need to name five runs, as long as the waves and lanes keep their smallest, and the lanes keep
 * two carriers in sight before the waves grow. A short window (a 720p laptop's) so keeps every view
 * readable; a tall one looks as it always did. On stage {@link PresentationMode} lays the views out
 * itself, and the overview takes what it asks for.
 */
final class DeskHeights {

    /** The charts' tab: its head and a comparison of five runs, each named, no text over another (WindowHeightsTest). */
    private static final double CHARTS = 210;
    /**
     * The sweep's and the web service's tabs: their bar or summary, a legend, and plots over their time axes, 100 px high
     * at the default size with the overview whole, 80 px at 720p. With only the charts' share the web's plots were 10 px
     * high at 720p; with 300 the default size's Why line was scrolled away.
     */
    private static final double PLOTS = 250;
    /** The lanes' section with two carriers named and the time axis under them: in a short split, before the waves get more. */
    private static final double LANES = 125;
    /** The split's two dividers and the column's spacing, beside the sections and the charts under the overview. */
    private static final double DIVIDERS = 30;
    /** The overview's own floor: the story's title and a line of it. */
    private static final double OVERVIEW = 90;
    /** The waves' part of what the waves and lanes share (0.33 of the split against the lanes' 0.31). */
    private static final double WAVES_SHARE = 0.33 / 0.64;

    private final VBox centre;
    private final ScrollPane overviewScroll;
    private final Region overview;
    private final SplitPane split;
    private final ObservableBooleanValue atDesk;
    /** The sections' heights as fractions of the split's, for the tab shown: null where the charts come first. */
    private double[] fixed;
    /** A divider the user dragged keeps where it was put until the tab or the mode changes. */
    private boolean arrangedByHand;
    /** What the tab shown needs under the waves and lanes: {@link #CHARTS}, or {@link #PLOTS} for the sweep's and the web's. */
    private final DoubleProperty tabNeeds = new SimpleDoubleProperty(CHARTS);
    /** A layout of the centre is already asked for the end of this pulse's layout. */
    private boolean askedAgain;

    DeskHeights(VBox centre, ScrollPane overviewScroll, SplitPane split, ObservableBooleanValue atDesk) {
        this.centre = centre;
        this.overviewScroll = overviewScroll;
        this.overview = (Region) overviewScroll.getContent();
        this.split = split;
        this.atDesk = atDesk;
        shareTheCentre();
        split.heightProperty().addListener((obs, old, height) -> {
            if (atDesk.get() && !arrangedByHand) {
                place();
            }
        });
        split.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> arrangedByHand |= onADivider(e));
    }

    /**
     * The overview asks for the height of all it holds, laid out at its width; at the desk it gets at most what is left
     * over the views, and at least as much of that as it needs, so the split (which grows with the window) gives way first.
     */
    private void shareTheCentre() {
        var held = Bindings.createDoubleBinding(() -> overview.getLayoutBounds().getHeight(), overview.layoutBoundsProperty());
        var dependencies = new ArrayList<Observable>(List.of(atDesk, tabNeeds, centre.heightProperty(), centre.widthProperty(),
                overview.layoutBoundsProperty()));
        for (Node child : centre.getChildren()) {
            if (child != overviewScroll && child != split) {
                dependencies.addAll(List.of(child.managedProperty(), child.layoutBoundsProperty()));
            }
        }
        // Where the overview's parts stand, for its clean edge: they are laid out after the room was asked for.
        for (Node part : overview.getChildrenUnmodifiable()) {
            dependencies.add(part.boundsInParentProperty());
        }
        var room = Bindings.createDoubleBinding(() -> atDesk.get() ? cleanEdge(Math.max(OVERVIEW, centre.getHeight() - others())) : Double.MAX_VALUE,
                dependencies.toArray(Observable[]::new));
        overviewScroll.prefViewportHeightProperty().bind(held);
        overviewScroll.maxHeightProperty().bind(room);
        overviewScroll.minHeightProperty().bind(Bindings.min(held, room));
        room.addListener((Observable changed) -> askAgainAfterThisLayout(room));
    }

    /**
     * The centre reads the room as it lays out, before the scroll pane lays out the overview; what that layout then moves
     * (a story grown by its notice) changes the room while the centre is still laying out, and JavaFX drops a layout a
     * child asks of its parent then. Left so, a 720p overview kept the edge of the shorter story and ended through a row
     * of tiles. So once the pulse's layout is done, a room still unread asks the centre again.
     */
    private void askAgainAfterThisLayout(DoubleBinding room) {
        Scene scene = centre.getScene();
        if (scene == null || askedAgain) {
            return;
        }
        askedAgain = true;
        scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                scene.removePostLayoutPulseListener(this);
                askedAgain = false;
                if (!room.isValid()) {
                    centre.requestLayout();
                }
            }
        });
    }

    /**
     * Where an overview cut short at {@code room} ends: at the lowest bottom of its parts (the story, the figures, the
     * Why line) and of theirs (a paragraph, a row of tiles) within it, so that it never shows a sliver of the next one.
     * The height left over goes to the views.
     */
    private double cleanEdge(double room) {
        if (overview.getLayoutBounds().getHeight() <= room) {
            return room;
        }
        double edge = 0;
        for (Node part : overview.getChildrenUnmodifiable()) {
            if (!part.isManaged()) {
                continue;
            }
            Bounds at = part.getBoundsInParent();
            edge = highest(edge, at.getMaxY(), room);
            if (part instanceof Parent parent) {
                for (Node inner : parent.getChildrenUnmodifiable()) {
                    if (inner.isManaged() && inner.isVisible()) {
                        edge = highest(edge, at.getMinY() + inner.getBoundsInParent().getMaxY(), room);
                    }
                }
            }
        }
        return edge > 0 ? Math.ceil(edge) : room;
    }

    private static double highest(double edge, double bottom, double room) {
        return bottom <= room && bottom > edge ? bottom : edge;
    }

    /** The centre's height taken by all but the overview: its padding, its spacing, the split at its floor, the prediction bar. */
    private double others() {
        double taken = centre.snappedTopInset() + centre.snappedBottomInset();
        int shown = 0;
        for (Node child : centre.getChildren()) {
            if (!child.isManaged()) {
                continue;
            }
            shown++;
            if (child == split) {
                // Under the sweep's and the web's plots the lanes keep two carriers named (place()).
                double sections = fixed != null ? smallest(0) + Math.max(smallest(1), LANES) : sections();
                taken += Math.max(sections + tabNeeds.get() + DIVIDERS, split.minHeight(-1));
            } else if (child != overviewScroll) {
                taken += child.prefHeight(centre.getWidth());
            }
        }
        return taken + centre.getSpacing() * Math.max(0, shown - 1);
    }

    /**
     * The desk's split for a tab: {@code fractions} of its height (the sweep's and the web service's plots take more of
     * it), or null for the charts' share described above.
     */
    void share(double[] fractions) {
        fixed = fractions;
        tabNeeds.set(fractions != null ? PLOTS : CHARTS);
        arrangedByHand = false;
        place();
    }

    private void place() {
        double height = split.getHeight();
        if (height <= 0) {
            split.setDividerPositions(fixed != null ? fixed : new double[] {0.33, 0.64});
            return;
        }
        if (fixed != null) {
            // The plots take the larger share, but the lanes keep their two named carriers while the plots keep theirs:
            // at their share alone, the web service's lanes named one carrier of two at the default size.
            double wavesEnd = Math.max(fixed[0] * height, smallest(0));
            double lanesEnd = Math.max(fixed[1] * height, Math.min(wavesEnd + LANES, height - PLOTS));
            split.setDividerPositions(fixed[0], lanesEnd / height);
            return;
        }
        double charts = Math.max(height * 0.36, Math.min(CHARTS, height - sections()));
        double rest = height - charts;
        double lanes = Math.max(rest * (1 - WAVES_SHARE), Math.min(LANES, rest - smallest(0)));
        split.setDividerPositions((rest - lanes) / height, rest / height);
    }

    /** The waves' and the lanes' sections at their smallest, as their FXML gives it: a head and a view each. */
    private double sections() {
        return smallest(0) + smallest(1);
    }

    private double smallest(int section) {
        return split.getItems().get(section).minHeight(-1);
    }

    /** Whether {@code e} began on a split pane's divider (a drag of it), not on the views it divides. */
    static boolean onADivider(MouseEvent e) {
        for (Node node = e.getTarget() instanceof Node picked ? picked : null; node != null; node = node.getParent()) {
            if (node.getStyleClass().contains("split-pane-divider")) {
                return true;
            }
        }
        return false;
    }
}
