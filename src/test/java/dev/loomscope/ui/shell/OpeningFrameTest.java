package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.app.LoomScopeApp;
import dev.loomscope.ui.theme.Themes;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The window's first frame is its opening frame, shown before its parts are made; the window then takes
 * its place with nothing on screen moving: the header, the app's name and the status bar where they were.
 */
@WindowTest
class OpeningFrameTest {

    @RegisterExtension
    final HeadlessWindow headless = new HeadlessWindow();
    private Stage stage;

    @AfterEach
    void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }

    /** Where the header, the app's name in it and the status bar are in the scene, laid out as on screen. */
    private static List<Bounds> places(Parent root, Node shown) {
        root.applyCss();
        root.layout();
        return List.of(".header", ".app-title", ".status-bar").stream().map(style -> {
            Node node = shown.lookup(style);
            return node.localToScene(node.getLayoutBounds());
        }).toList();
    }

    @Test
    void theStageShowsTheOpeningFrameAtOnceAndTheWindowTakesItsPlaceWhereItWas() throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        var opening = new java.util.concurrent.atomic.AtomicReference<List<Bounds>>();
        var painted = new java.util.concurrent.CompletableFuture<Boolean>();
        var window = Fx.call(() -> {
            stage = new Stage();
            var opened = LoomScopeApp.open(stage, session, HeadlessWindow.SETTINGS, null, () -> painted.complete(true));
            // As open() returns, the parts are still being made elsewhere: the stage shows the opening frame.
            Parent root = stage.getScene().getRoot();
            assertThat(stage.isShowing()).isTrue();
            assertThat(root.getChildrenUnmodifiable()).hasSize(2).first().isInstanceOf(OpeningFrame.class);
            opening.set(places(root, root.getChildrenUnmodifiable().getFirst()));
            return opened;
        }).get(30, TimeUnit.SECONDS);
        assertThat(painted.get(10, TimeUnit.SECONDS)).as("the opening frame painted").isTrue();
        List<Bounds> joined = Fx.call(() -> {
            assertThat(stage.getScene().getRoot().lookupAll(".main-window")).as("the opening frame gone").containsExactly(window);
            return places(stage.getScene().getRoot(), window);
        });
        assertThat(joined).as("header, name and status bar of the window, against the opening frame's").isEqualTo(opening.get());
    }

    /** On stage too (the opening frame as {@code PresentationMode.openOnStage} dresses it; not full screen here, as the headless screen is small). */
    @ParameterizedTest(name = "on stage: {0}")
    @ValueSource(booleans = {false, true})
    void theOpeningFrameHasTheWindowsHeaderAndStatusBar(boolean onStage) throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        var window = Fx.call(() -> {
            stage = new Stage();
            return LoomScopeApp.open(stage, session, HeadlessWindow.SETTINGS).thenApply(opened -> {
                opened.presentation().setFullScreen(false);
                opened.presentation().set(onStage);
                return opened;
            });
        }).get(30, TimeUnit.SECONDS);
        Fx.settle(Fx.call(window::getScene), 2);
        List<Bounds> ofWindow = Fx.call(() -> places(window.getScene().getRoot(), window));
        List<Bounds> ofOpening = Fx.call(() -> {
            var frame = new OpeningFrame();
            var root = new javafx.scene.layout.StackPane(frame);
            var scene = new Scene(root, window.getScene().getWidth(), window.getScene().getHeight());
            var themes = new Themes();
            themes.apply(true, false);
            themes.dress(scene);
            root.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("presentation"), onStage);
            return places(root, frame);
        });
        assertThat(ofOpening).isEqualTo(ofWindow);
    }

    /** A window whose parts cannot be made fails its opening with the cause (which the app reports, then exits 1); the FX thread never waited for it. */
    @Test
    void aWindowThatCannotBeMadeFailsItsOpeningWithTheCause() throws Exception {
        var broken = new dev.loomscope.launcher.RunStarter() {
            @Override
            public int cores() {
                throw new IllegalStateException("no cores to be had");
            }

            @Override
            public dev.loomscope.launcher.RunHandle start(dev.loomscope.scenario.Scenario scenario, RunOptions options,
                                                          dev.loomscope.launcher.RunListener listener) {
                throw new UnsupportedOperationException();
            }
        };
        var opening = Fx.call(() -> {
            stage = new Stage();
            return LoomScopeApp.open(stage, new RunSession(broken, RunOptions.DEFAULT), HeadlessWindow.SETTINGS);
        });
        assertThat(opening).failsWithin(30, TimeUnit.SECONDS).withThrowableThat().havingRootCause().withMessage("no cores to be had");
        assertThat(Fx.call(() -> stage.getScene().getRoot().getChildrenUnmodifiable().getFirst())).isInstanceOf(OpeningFrame.class);
    }

    /** A stage closed while its window was being made: the window made is disposed, never shown, and the opening cancelled. */
    @Test
    void aStageClosedWhileItsWindowIsMadeCancelsTheOpening() throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        var opening = Fx.call(() -> {
            stage = new Stage();
            var opened = LoomScopeApp.open(stage, session, HeadlessWindow.SETTINGS);
            stage.close();
            return opened;
        });
        Fx.waitUntil("the opening at its end", java.time.Duration.ofSeconds(30), opening::isDone);
        assertThat(opening).isCancelled();
        assertThat(Fx.call(() -> stage.getScene().getRoot().getChildrenUnmodifiable().getFirst())).isInstanceOf(OpeningFrame.class);
    }
}
