package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.PaintTurns;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.TaskGridRaster;
import dev.loomscope.model.TaskState;
import javafx.scene.image.ImageView;
import javafx.scene.layout.Region;

/**
 * Every task as a cell coloured by its state, in submission order, row by row: a fixed pool's
 * waves roll down the grid, a virtual thread per task lights it all at once. Painted into one
 * {@link OpaqueRaster} per frame (a pass over the task states and one over the pixels), so a
 * million tasks cost what a hundred do, and never one node per task.
 */
public final class TaskWaveView extends Region implements FrameView {

    private final ImageView imageView = new ImageView();
    private final javafx.scene.control.Label empty = EmptyHint.label("waves");
    private OpaqueRaster raster;
    private TaskGridRaster.Layout layout;
    private RunModel model;
    private Palette palette = Palette.DARK;
    private int paintedVersion = -1;
    private boolean sizeChanged = true;
    /** The scale's words, and the layout and task count they were made for. */
    private TaskGridRaster.Layout describedLayout;
    private int describedTasks;
    private String described;
    private final RepaintBudget budget;

    /** Task waves that take no turns with other views (a race's). */
    public TaskWaveView() {
        this(new PaintTurns());
    }

    /** @param turns the turns these waves take with the other views redrawn while a run streams in */
    public TaskWaveView(PaintTurns turns) {
        budget = new RepaintBudget(33_000_000L, 0.10, turns);
        getStyleClass().add("task-waves");
        Opaque.fill(this, palette.background());
        imageView.setSmooth(false);
        // Placed by layoutChildren: a managed image view asked the whole window for a layout each time its pixels changed.
        imageView.setManaged(false);
        empty.setId("wavesHint");
        getChildren().addAll(imageView, empty);
        setMinSize(120, 40);
        Tooltips.describing(this, e -> describeTaskAt((int) e.getX(), (int) e.getY()));
        followed.getStyleClass().add("followed-task");
        followed.setManaged(false);
        followed.setMouseTransparent(true);
        followed.setVisible(false);
        getChildren().add(followed);
        setOnMouseClicked(e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.PRIMARY && follower != null && model != null && layout != null) {
                int task = layout.taskAt((int) e.getX(), (int) e.getY(), model.scenario().tasks(), raster.width(), raster.height());
                if (task >= 0) {
                    // A replica is followed through its source: the lifecycle is read from the finished run.
                    follower.follow(sourceOf.apply(model), task);
                }
            }
        });
    }

    private final javafx.scene.shape.Rectangle followed = new javafx.scene.shape.Rectangle();
    private int placedFollowedVersion = -1;
    private TaskFollower follower;
    private java.util.function.UnaryOperator<RunModel> sourceOf = run -> run;

    /** Clicking a cell follows its task; the followed task is outlined, live and in replay. */
    public void setFollower(TaskFollower follower, java.util.function.UnaryOperator<RunModel> sourceOf) {
        this.follower = follower;
        this.sourceOf = sourceOf;
    }

    /** Outlines the followed task's cell (at least 10 pixels across, so one pixel of a million tasks can be found). */
    private void placeFollowed() {
        if (follower == null || layout == null || model == null || !follower.shows(model) || layout.columns() == 0) {
            followed.setVisible(false);
            return;
        }
        int task = follower.task();
        double x;
        double y;
        double w;
        double h;
        if (layout.perPixel()) {
            long pixel = (long) task * layout.usedPixels() / Math.max(1, model.scenario().tasks());
            int width = raster.width();
            x = pixel % width;
            y = pixel / width;
            w = 1;
            h = 1;
        } else {
            x = (task % layout.columns()) * (layout.cellWidth() + layout.gap());
            y = (task / layout.columns()) * (layout.cellHeight() + layout.gap());
            w = layout.cellWidth();
            h = layout.cellHeight();
        }
        double grow = Math.max(0, (10 - Math.min(w, h)) / 2);
        followed.setX(x - grow - 1);
        followed.setY(y - grow - 1);
        followed.setWidth(w + 2 * grow + 2);
        followed.setHeight(h + 2 * grow + 2);
        followed.setVisible(true);
    }

    public void setPalette(Palette palette) {
        this.palette = palette;
        paintedVersion = -1;
        Opaque.fill(this, palette.background());
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown(), frame.now());
    }

    /**
     * Repaints if the run changed, at most 30 times a second and within a tenth of the FX thread's
     * time (a million tasks take a few ms to paint), leaving the cores to the run being measured.
     * Called every frame.
     */
    public void refresh(RunModel run, long nowNanos) {
        if (run != model) {
            model = run;
            paintedVersion = -1;
            empty.setVisible(run == null);
        }
        int width = (int) Math.floor(getWidth());
        int height = (int) Math.floor(getHeight());
        if (width <= 0 || height <= 0) {
            return;
        }
        if (raster == null || sizeChanged || !raster.hasSize(width, height)) {
            raster = new OpaqueRaster(width, height);
            imageView.setImage(raster.image());
            sizeChanged = false;
            paintedVersion = -1;
        }
        int version = run == null ? 0 : run.version();
        int followedVersion = follower == null ? 0 : follower.version();
        if (followedVersion != placedFollowedVersion) {
            placedFollowedVersion = followedVersion;
            placeFollowed();
        }
        if (version == paintedVersion || (paintedVersion != -1 && !budget.due(nowNanos))) {
            return;
        }
        paintedVersion = version;
        long start = System.nanoTime();
        raster.paint(() -> paint(run, width, height));
        placeFollowed();
        budget.painted(nowNanos, System.nanoTime() - start);
    }

    private void paint(RunModel run, int width, int height) {
        int[] pixels = raster.pixels();
        if (run == null) {
            java.util.Arrays.fill(pixels, palette.background());
            layout = null;
        } else {
            layout = TaskGridRaster.paint(run.states(), run.scenario().tasks(), width, height,
                    palette.taskColors(run.scenario().executor().isVirtual()), palette.taskPatterns(run.scenario().executor().isVirtual()),
                    palette.background(), pixels);
        }
    }

    /** The line shown before any run: what Run will draw here. */
    public javafx.beans.property.StringProperty emptyTextProperty() {
        return empty.textProperty();
    }

    /** How the tasks are drawn now: squares of a few pixels, or several tasks per pixel. */
    public String scaleDescription() {
        if (layout == null || model == null) {
            return "";
        }
        int tasks = model.scenario().tasks();
        // The captions ask every frame; the words change only with the layout or the task count.
        if (!layout.equals(describedLayout) || tasks != describedTasks) {
            describedLayout = layout;
            describedTasks = tasks;
            double perPixel = (double) tasks / Math.max(1, layout.usedPixels());
            described = !layout.perPixel() ? Messages.text("waves.scale.cell")
                    : perPixel <= 1 ? Messages.text("waves.scale.sparse", 1 / perPixel) : Messages.text("waves.scale.blend", perPixel);
        }
        return described;
    }

    private String describeTaskAt(int x, int y) {
        if (model == null || layout == null) {
            return Messages.text("waves.task.none");
        }
        // Hit-test against what was painted, not the size the view may have changed to since.
        int task = layout.taskAt(x, y, model.scenario().tasks(), raster.width(), raster.height());
        if (task < 0) {
            return scaleDescription();
        }
        byte value = model.states()[task];
        String state = switch (TaskState.state(value)) {
            case TaskState.PENDING -> "pending";
            case TaskState.QUEUED -> "queued";
            case TaskState.RUNNING -> model.scenario().executor().isVirtual() ? "running-virtual" : "running";
            case TaskState.WAITING -> model.scenario().executor().isVirtual()
                    ? (TaskState.pinned(value) ? "pinned" : "waiting-virtual")
                    : "waiting";
            case TaskState.DONE -> "done";
            case TaskState.CANCELLED -> model.wasCutShort(task) ? "cut-short" : "cancelled";
            default -> "failed";
        };
        String pinned = TaskState.pinned(value) && TaskState.state(value) != TaskState.WAITING ? Messages.text("waves.task.jfr-pinned") : "";
        return Messages.text("waves.task", task + 1, Messages.text("waves.state." + state), pinned,
                layout.perPixel() ? Messages.text("waves.task.scale", scaleDescription()) : "");
    }

    @Override
    protected void layoutChildren() {
        imageView.relocate(0, 0);
        empty.resizeRelocate(16, 0, Math.max(0, getWidth() - 32), getHeight());
        sizeChanged = raster == null || !raster.hasSize((int) Math.floor(getWidth()), (int) Math.floor(getHeight()));
    }

    @Override
    protected double computePrefWidth(double height) {
        return 600;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 260;
    }
}
