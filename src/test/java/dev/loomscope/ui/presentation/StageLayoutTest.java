package dev.loomscope.ui.presentation;

import dev.loomscope.testing.StartedFirst;

import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.shell.MainWindow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.model.Comparison;
import dev.loomscope.launcher.Jdks;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Presentation mode as a projector shows it, on JavaFX's headless platform: the window set to
 * 1920 x 1080 and 1280 x 720 (full screen is off in tests), a real run, then the geometry of what
 * is on screen.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
@StartedFirst
class StageLayoutTest {

    private Stage stage;
    private MainWindow window;

    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path recordings;
    /** A recording of a few virtual threads made with the JDK's default settings, made once. */
    private static java.nio.file.Path plainRecording;
    /** A thread dump of this JVM, with a platform thread asleep in it, taken once. */
    private static java.nio.file.Path ownDump;

    /** The window's parts, found by id (call on the FX thread). */
    private WindowProbe probe() {
        return new WindowProbe(window);
    }

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    @AfterEach
    void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }

    private void open(int width, int height, Preset preset) throws Exception {
        // The geometry is the point here, not the runs: a fake runner plays each preset's runs at once.
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        var settings = preset == null ? WindowCommand.Settings.DEFAULT.withSize(width, height)
                : WindowCommand.Settings.DEFAULT.withPreset(preset).withSize(width, height);
        stage = Fx.call(Stage::new);
        window = HeadlessWindow.openOnStage(stage, session, settings);
        settle();
    }

    private void settle() throws Exception {
        Fx.settle(Fx.call(window::getScene), 3);
    }

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1920, 1080", "1280, 720"})
    void onStageAfterARunEveryLaneLabelAndTileIsInSightAndTheRunHasHalfTheHeight(int width, int height) throws Exception {
        var memory = Preset.named("memory", 2).orElseThrow();
        open(width, height, memory);
        assertThat(Fx.call(() -> window.getScene().getWidth() + "x" + window.getScene().getHeight())).isEqualTo(width + ".0x" + height + ".0");
        // The comparison chart knows the memory preset's runs once the presets are listed (they come a moment after
        // the window opens); the fake runner's runs end sooner than that, so wait for the list first.
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe().controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the memory preset's three runs done", Duration.ofSeconds(120), () -> !window.session().isRunning()
                && window.session().history().size() == 3 && window.session().history().getLast().result() != null);
        for (RunModel run : Fx.call(() -> window.session().history())) {
            assertThat(run.result().outcome()).as(run.result().message()).isEqualTo(RunResult.Outcome.COMPLETED);
        }
        Fx.waitUntil("the notice and the explanation shown", Duration.ofSeconds(10), () -> probe().explainsTheShownRun());
        // The lanes redraw within their frame budget, not on every pulse: until they have drawn the shown
        // run, their labels are the previous run's (8 lanes of the platform run beside the shown run's 2).
        Fx.waitUntil("the lanes drawn for the shown run", Duration.ofSeconds(10),
                () -> probe().lanes().labelBounds().size() == window.shownRun().lanes().laneCount());
        settle();
        // Drawn again at the size the settled layout gave them: the notice in place of the question can shorten them.
        Fx.waitUntil("the lanes drawn at their size", Duration.ofSeconds(10), () -> probe().lanesDrewTheShownRun());

        List<String> problems = Fx.call(() -> {
            var found = new ArrayList<String>();
            var lanes = probe().lanes();
            int laneCount = window.shownRun().lanes().laneCount();
            List<Bounds> labels = lanes.labelBounds();
            if (labels.size() != laneCount) {
                found.add("%d lane labels drawn for %d lanes".formatted(labels.size(), laneCount));
            }
            for (Bounds label : labels) {
                checkInSight(found, "lane label at y " + (int) label.getMinY(), lanes, label);
            }
            // The axis's times, the last one at the plot's right end included, drawn whole inside the view.
            for (Bounds time : lanes.timeLabelBounds()) {
                checkInSight(found, "time label at x " + (int) time.getMinX(), lanes, time);
                if (!contains(lanes.getLayoutBounds(), time)) {
                    found.add("time label at x %d cut off by the lanes' edge: %s".formatted((int) time.getMinX(), time));
                }
            }
            if (lanes.timeLabelBounds().isEmpty()) {
                found.add("no times on the lanes' axis");
            }
            var tiles = probe().figures().getChildren();
            if (tiles.isEmpty()) {
                found.add("no tiles");
            }
            double row = tiles.getFirst().getBoundsInParent().getMinY();
            for (Node tile : tiles) {
                checkInSight(found, "tile " + ((Label) ((Parent) tile).getChildrenUnmodifiable().get(1)).getText(), tile, tile.getLayoutBounds());
                if (tile.getBoundsInParent().getMinY() != row) {
                    found.add("a second row of tiles at y " + tile.getBoundsInParent().getMinY());
                }
            }
            // Every tab under the lanes shows its whole name: JavaFX clips the tab that does not fit ("<> Yo").
            var tabPane = (javafx.scene.control.TabPane) window.getScene().lookup(".bottom-tabs");
            Node menu = tabPane.lookup(".control-buttons-tab");
            double end = menu != null && menu.isVisible() ? menu.localToScene(menu.getLayoutBounds()).getMinX()
                    : tabPane.localToScene(tabPane.getLayoutBounds()).getMaxX();
            for (Node tab : tabPane.lookupAll(".tab")) {
                if (tab.localToScene(tab.getLayoutBounds()).getMaxX() > end + 0.5) {
                    found.add("tab " + ((Label) tab.lookup(".tab-label")).getText() + " cut at the tabs' end, x " + (int) end + ", its end at " + (int) tab.localToScene(tab.getLayoutBounds()).getMaxX());
                }
            }
            return found;
        });
        assertThat(problems).isEmpty();
        assertThat(Fx.call(() -> ((javafx.scene.control.TabPane) window.getScene().lookup(".bottom-tabs")).getTabs().stream()
                .map(javafx.scene.control.Tab::getText).toList())).as("the tabs' names on stage").contains("JFR", "Web");
        assertThat(Fx.call(() -> probe().shownFigures())).containsExactly("elapsed", "completed", "threads", "rss", "heap");
        // The lanes' title names what they are, where the caption beside it may not fit: the virtual run's carriers,
        // the fixed pool's own threads once its run is shown.
        assertThat(Fx.call(() -> ((Label) window.getScene().lookup("#lanesTitle")).getText())).isEqualTo("Carrier lanes");
        Fx.run(() -> probe().history().list().getSelectionModel().select(window.session().history().getFirst()));
        Fx.waitUntil("the fixed pool's lanes named", Duration.ofSeconds(10),
                () -> ((Label) window.getScene().lookup("#lanesTitle")).getText().equals("Thread lanes"));

        double waves = Fx.call(() -> window.lookupAll(".canvas-frame").stream().filter(Node::isVisible)
                .mapToDouble(frame -> frame.getParent().getLayoutBounds().getHeight()).sum());
        assertThat(waves).as("task waves and lanes together, px of %d", height).isGreaterThanOrEqualTo(height / 2.0);
        assertThat(Fx.call(() -> textsSmallerThan(window.getScene().getRoot(), 18))).as("texts under 18 px on stage").isEmpty();
        assertThat(Fx.call(() -> probe().narrativeLines())).as("the notice's lines, with its title").isLessThanOrEqualTo(3);
        assertThat(Fx.call(() -> probe().comparisonChart().focus())).isEqualTo(Comparison.Focus.MEMORY);
        assertThat(Fx.call(() -> probe().comparisonChart().titles())).containsExactly("Memory: RSS increase, allocated, published");
        assertThat(Fx.call(() -> probe().comparisonChart().panels().getFirst().series().getLast().bars()))
                .extracting(Comparison.Bar::value).containsExactly(90.0, 20.0);
    }

    /**
     * A long run title ("#2 virtual, ScopedValue · 10,000 x 50 ms sleep, ...") gives way in a 720p header, to the longest
     * of its forms that fits, whole (the run's name at the least); the app's name does not give way.
     */
    @Test
    void aLongRunTitleNeverCutsTheAppsName() throws Exception {
        open(1280, 720, Preset.named("scopedvalue", 2).orElseThrow());
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe().controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("both runs done", Duration.ofSeconds(60), () -> !window.session().isRunning() && window.session().history().size() == 2);
        // The header names the shown run on a frame after the run ended, not at once: once a CI run read "No run yet" here.
        Fx.waitUntil("the second run named in the header", Duration.ofSeconds(10),
                () -> ((Label) window.getScene().lookup("#shownTitle")).getText().startsWith("#2 "));
        settle();
        Fx.run(() -> {
            var name = (Label) window.getScene().lookup("#appTitle");
            var shown = (Label) window.getScene().lookup("#shownTitle");
            assertThat(shown.getText()).as("a shorter form of the run's title").startsWith("#2 virtual, ScopedValue").doesNotContain("carriers");
            assertThat(((javafx.scene.text.Text) shown.lookup(".text")).getText()).as("the run's title, whole").isEqualTo(shown.getText());
            assertThat(dev.loomscope.ui.fx.Tooltips.getText(shown)).as("the whole title, in its tooltip").contains("2 carriers");
            assertThat(((javafx.scene.text.Text) name.lookup(".text")).getText()).as("the app's name, whole").isEqualTo(name.getText());
        });
    }

    @Test
    void theFrameFiguresAreNeverCutTheStatusLineGivesWayInstead() throws Exception {
        open(1280, 720, null);
        Fx.run(() -> {
            var status = (Label) window.getScene().lookup("#status");
            var frames = (Label) window.getScene().lookup("#frameStatus");
            // As after opening a long file: the line about it, and the frames' figures through its reading.
            status.setText("Showing a-recording-with-a-long-name.jfr, opened from a file. Esc goes back to the runs; Open (Ctrl+O) opens another.");
            frames.setText("frames p50 16.9 ms, p95 454.2 ms");
            window.getScene().getRoot().applyCss();
            window.getScene().getRoot().layout();
            assertThat(((javafx.scene.text.Text) frames.lookup(".text")).getText()).as("the figures, whole").isEqualTo(frames.getText());
            assertThat(((javafx.scene.text.Text) status.lookup(".text")).getText()).as("the line, cut").isNotEqualTo(status.getText());
            assertThat(dev.loomscope.ui.fx.Tooltips.getText(status)).as("the line, whole under the pointer").isEqualTo(status.getText());
        });
    }

    /**
     * A recording made with the JDK's own settings says four things it cannot show, in sentences of two or three lines on
     * stage. At 1440x900 and above each is whole, and so is the line naming the JVM; at 720p the window still holds them
     * with the charts and the tables: nothing runs under the status bar or past the window's bottom, each says at least its
     * first line (the whole sentence its tooltip), and no column head is cut.
     */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1920, 1080", "1440, 900", "1280, 720"})
    void anOpenedRecordingFitsTheStageWithWhatItCannotShowAndWholeColumnHeads(int width, int height) throws Exception {
        if (plainRecording == null) {
            plainRecording = dev.loomscope.testing.Recordings.churn(recordings.resolve("plain.jfr"), java.nio.file.Path.of("default"), 50, 1);
        }
        open(width, height, null);
        Fx.run(() -> window.opened().open(List.of(plainRecording)));
        Fx.waitUntil("the recording read", Duration.ofSeconds(60), () -> window.getCenter() == window.opened().view() && !window.opened().view().reading());
        settle();
        List<String> problems = Fx.call(() -> {
            var found = new ArrayList<String>();
            double statusTop = window.getScene().lookup("#status").localToScene(0, 0).getY();
            var view = window.opened().view();
            var lines = view.lookupAll(".opened-cannot-line");
            if (lines.size() < 3) {
                found.add("only %d lines of what the recording cannot show".formatted(lines.size()));
            }
            var parts = new ArrayList<Node>(lines);
            for (String id : List.of("#recJvm", "#openChartPins", "#recHotspots", "#recThreads")) {
                parts.add(view.lookup(id));
            }
            for (Node part : parts) {
                String what = part.getId() != null ? part.getId() : "'" + ((Label) part).getText().lines().findFirst().orElse("") + "'";
                checkInSight(found, what, part, part.getLayoutBounds());
                Bounds inScene = part.localToScene(part.getLayoutBounds());
                if (inScene.getMaxY() > statusTop + 0.5) {
                    found.add("%s runs under the status bar: %s".formatted(what, inScene));
                }
                if (part instanceof javafx.scene.layout.Region region && region.getHeight() + 0.5 < region.minHeight(-1)) {
                    found.add("%s below its least height: %.0f < %.0f".formatted(what, region.getHeight(), region.minHeight(-1)));
                }
                if (part instanceof Label line) {
                    boolean cut = !line.getText().equals(NodeProbe.drawnText(line));
                    String tooltip = dev.loomscope.ui.fx.Tooltips.getText(line);
                    if (cut != line.getText().equals(tooltip)) {
                        found.add("%s %s, with the tooltip %s".formatted(what, cut ? "cut" : "whole", tooltip));
                    }
                    // A 1440x900 stage holds every line whole: the tables and then the charts give way to them.
                    if (cut && height >= 900) {
                        found.add("%s cut at %dx%d".formatted(what, width, height));
                    }
                    // Cut, it keeps whole lines: no blank under what it draws (a VBox, sharing its shortfall, left most of a line).
                    var one = new Text("X");
                    one.setFont(line.getFont());
                    double blank = line.getHeight() - line.snappedTopInset() - line.snappedBottomInset() - line.lookup(".text").getLayoutBounds().getHeight();
                    if (blank >= one.getLayoutBounds().getHeight() / 2) {
                        found.add("%s stands %.0f px taller than the lines it draws".formatted(what, blank));
                    }
                }
            }
            for (Label head : NodeProbe.columnHeads(view)) {
                String drawn = NodeProbe.drawnText(head);
                if (!drawn.equals(head.getText())) {
                    found.add("column head '%s' drawn '%s'".formatted(head.getText(), drawn));
                }
            }
            return found;
        });
        assertThat(problems).isEmpty();
    }

    /**
     * A thread dump's kinds and states are whole on stage: "platform, TIMED_WAITING" was cut at 1440x900 while the top
     * frames' column had room to spare.
     */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1920, 1080", "1440, 900", "1280, 720"})
    void anOpenedThreadDumpSaysEachGroupsKindAndStatesWhole(int width, int height) throws Exception {
        if (ownDump == null) {
            var sleeper = Thread.ofPlatform().daemon().name("stage-test sleeper").start(() -> {
                try {
                    Thread.sleep(Duration.ofMinutes(10));
                } catch (InterruptedException e) {
                    // The test JVM ends.
                }
            });
            Fx.waitUntil("the sleeper asleep", Duration.ofSeconds(10), () -> sleeper.getState() == Thread.State.TIMED_WAITING);
            ownDump = recordings.resolve("own-dump.json");
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpThreads(ownDump.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            sleeper.interrupt(); // in the dump now; the test JVM's other tests need not meet it
        }
        open(width, height, null);
        Fx.run(() -> window.opened().open(List.of(ownDump)));
        Fx.waitUntil("the dump read", Duration.ofSeconds(60), () -> window.getCenter() == window.opened().view() && !window.opened().view().reading());
        settle();
        // The sleeper's group in sight: in a JVM that many tests share, its row can be below a 720p table's last.
        Fx.run(() -> {
            @SuppressWarnings("unchecked")
            var table = (javafx.scene.control.TableView<Object>) window.opened().view().lookup("#dumpGroupTable");
            var states = table.getColumns().stream().filter(column -> "dumpGroupStates".equals(column.getId())).findFirst().orElseThrow();
            table.getItems().stream().filter(group -> "platform, TIMED_WAITING".equals(states.getCellData(group))).findFirst()
                    .ifPresent(table::scrollTo);
        });
        settle();
        List<String> states = Fx.call(() -> window.opened().view().lookupAll(".table-cell").stream()
                .filter(node -> node instanceof javafx.scene.control.TableCell<?, ?> cell && cell.isVisible() && cell.getTableColumn() != null
                        && "dumpGroupStates".equals(cell.getTableColumn().getId()) && cell.getText() != null && !cell.getText().isEmpty())
                .map(node -> (javafx.scene.control.TableCell<?, ?>) node)
                .map(cell -> cell.getText().equals(NodeProbe.drawnText(cell)) ? "whole: " + cell.getText()
                        : "cut: " + cell.getText() + (cell.getText().equals(dev.loomscope.ui.fx.Tooltips.getText(cell)) ? " (its tooltip)" : ""))
                .toList());
        // One state is whole; a group in several ("platform: TIMED_WAITING 3, WAITING 2", as this JVM's other tests leave it)
        // may be cut, with the whole under the pointer.
        assertThat(states).contains("whole: platform, TIMED_WAITING");
        assertThat(states).filteredOn(state -> state.startsWith("cut: ")).allMatch(state -> state.endsWith(" (its tooltip)"))
                .noneMatch(state -> state.matches("cut: (platform|virtual), [A-Z_]+ \\(its tooltip\\)"));
    }

    /**
     * Where the pins are, whole on stage: at 1280x720 the hotspot's place was cut to "NativeBlocking.com..." (before, to its
     * package alone); its reason gives way there, and stays where there is room for both.
     */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1920, 1080", "1280, 720"})
    void onStageAPinHotspotsPlaceIsWhole(int width, int height) throws Exception {
        open(width, height, Preset.named("pinning", 2).orElseThrow());
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe().controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the pinning preset's runs done", Duration.ofSeconds(120), () -> !window.session().isRunning()
                && window.session().history().size() == 2 && window.session().history().getLast().result() != null);
        Fx.run(() -> window.tabs().show("jfr"));
        Fx.waitUntil("the pins by hotspot", Duration.ofSeconds(10), () -> !probe().jfrHotspots().getItems().isEmpty());
        settle();
        Fx.waitUntil("the hotspot's place drawn", Duration.ofSeconds(10), () -> WindowProbe.firstRowCell(probe().jfrHotspots(), "where") != null);
        var where = Fx.call(() -> WindowProbe.firstRowCell(probe().jfrHotspots(), "where"));
        assertThat(Fx.call(where::getText)).isEqualTo(Fx.call(() -> probe().jfrHotspots().getItems().getFirst().whereBriefly()));
        assertThat(Fx.call(() -> NodeProbe.drawnText(where))).as("the place as drawn").isEqualTo(Fx.call(where::getText));
        assertThat(Fx.call(() -> probe().jfrEvents().hotspotReasonColumn().isVisible())).as("the reason column").isEqualTo(width >= 1920);
    }

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1920, 1080", "1280, 720"})
    void onStageEveryPresetsQuestionAndNoticeTakeAtMostThreeLinesAndItsTilesOneRow(int width, int height) throws Exception {
        open(width, height, null);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(20), () -> !probe().controlPanel().presetBox().getItems().isEmpty());
        var presets = new ArrayList<>(Fx.call(() -> List.copyOf(probe().controlPanel().presetBox().getItems())));
        // jep-491 as a machine without a JDK 21 to 23 has it too (its question then says how to get one), and with one.
        presets.add(Preset.jep491(null));
        presets.add(Preset.jep491(new Jdks.Jdk("21.0.8", 21, Path.of("/usr/lib/jvm/jdk-21"))));
        for (Preset preset : presets) {
            Fx.run(() -> probe().controlPanel().presetBox().setValue(preset));
            settle();
            assertThat(Fx.call(() -> probe().narrativeLines())).as(preset.name() + "'s question, with its title").isLessThanOrEqualTo(3);
            List<Double> rows = Fx.call(() -> probe().figures().getChildren().stream().map(tile -> tile.getBoundsInParent().getMinY()).distinct().toList());
            assertThat(rows).as(preset.name() + "'s tile rows").hasSize(1);
            assertThat(Fx.call(() -> {
                var found = new ArrayList<String>();
                probe().figures().getChildren().forEach(tile -> checkInSight(found, preset.name() + " tile", tile, tile.getLayoutBounds()));
                return found;
            })).isEmpty();
            // The notice, as after the runs: shown in the question's place.
            Fx.run(() -> probe().story().revealNotice());
            settle();
            assertThat(Fx.call(() -> probe().narrativeLines())).as(preset.name() + "'s notice, with its title").isLessThanOrEqualTo(3);
        }
    }

    @Test
    void aNewcomersWindowOpensOnTheFirstExperimentWithEveryViewSayingWhatRunWillShow() throws Exception {
        open(1280, 720, null);
        Fx.run(() -> window.presentation().set(false));
        Fx.waitUntil("the first experiment chosen", Duration.ofSeconds(20), () -> window.controls().presetProperty().get() != null);
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo(Preset.names().getFirst());
        assertThat(Fx.call(() -> probe().controlPanel().presetBox().getValue().name())).isEqualTo("waiting-10k");
        assertThat(Fx.call(() -> probe().narrativeText())).startsWith("Predict: 10,000 tasks each wait 100 ms");
        assertThat(Fx.call(() -> probe().find("lanesHint", javafx.scene.control.Label.class).isVisible())).isTrue();
        List<String> hints = Fx.call(() -> window.lookupAll(".empty-hint").stream().filter(Node::isVisible)
                .map(node -> ((Label) node).getText()).toList());
        assertThat(hints).anyMatch(text -> text.startsWith("Press Run (F5): 10,000 tasks appear here as cells"))
                .anyMatch(text -> text.contains("carrier thread"))
                .anyMatch(text -> text.contains("completed over time"))
                .anyMatch(text -> text.contains("bars"));
        assertThat(hints).allMatch(text -> text.startsWith("Press Run (F5)"));
    }

    /** Reports {@code what} unless its {@code bounds} (in {@code node}'s coordinates) lie within the scene and every clipping parent. */
    private static void checkInSight(List<String> found, String what, Node node, Bounds bounds) {
        Bounds inScene = node.localToScene(bounds);
        Bounds scene = new javafx.geometry.BoundingBox(0, 0, node.getScene().getWidth(), node.getScene().getHeight());
        if (!contains(scene, inScene)) {
            found.add(what + " outside the window: " + inScene);
        }
        for (Parent parent = node.getParent(); parent != null; parent = parent.getParent()) {
            boolean clips = parent.getClip() != null || parent instanceof ScrollPane || parent instanceof SplitPane
                    || parent.getStyleClass().contains("viewport") || parent.getStyleClass().contains("split-pane");
            if (clips && !contains(parent.localToScene(parent.getLayoutBounds()), inScene)) {
                found.add(what + " cut off by " + parent.getClass().getSimpleName() + ": " + inScene);
            }
        }
    }

    private static boolean contains(Bounds outer, Bounds inner) {
        double slack = 0.5;
        return inner.getMinX() >= outer.getMinX() - slack && inner.getMinY() >= outer.getMinY() - slack
                && inner.getMaxX() <= outer.getMaxX() + slack && inner.getMaxY() <= outer.getMaxY() + slack;
    }

    /** Visible labels and texts under {@code node} set smaller than {@code px}, described. */
    private static List<String> textsSmallerThan(Node node, double px) {
        var found = new ArrayList<String>();
        if (!node.isVisible()) {
            return found;
        }
        javafx.scene.text.Font font = node instanceof Label label && !label.getText().isEmpty() ? label.getFont()
                : node instanceof Text text && !text.getText().isEmpty() ? text.getFont() : null;
        if (font != null && font.getSize() < px - 0.01) {
            found.add("%.1f px: %s %s '%s'".formatted(font.getSize(), node.getClass().getSimpleName(), node.getStyleClass(),
                    node instanceof Label label ? label.getText() : ((Text) node).getText()));
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                found.addAll(textsSmallerThan(child, px));
            }
        }
        return found;
    }
}
