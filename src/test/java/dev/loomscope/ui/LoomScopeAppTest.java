package dev.loomscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Opens the real window on JavaFX's headless platform (set for every test JVM in the pom). */
class LoomScopeAppTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        var started = new CompletableFuture<Void>();
        try {
            Platform.startup(() -> started.complete(null));
        } catch (IllegalStateException alreadyRunning) {
            started.complete(null);
        }
        started.get(10, TimeUnit.SECONDS);
    }

    @Test
    void theWindowOpensWithItsTitleAndName() throws Exception {
        var shown = new CompletableFuture<Stage>();
        Platform.runLater(() -> {
            try {
                var stage = new Stage();
                new LoomScopeApp().start(stage);
                shown.complete(stage);
            } catch (Exception e) {
                shown.completeExceptionally(e);
            }
        });
        Stage stage = shown.get(10, TimeUnit.SECONDS);
        var facts = new CompletableFuture<String>();
        Platform.runLater(() -> facts.complete(stage.isShowing() + " " + stage.getTitle() + " " + stage.getWidth() + "x" + stage.getHeight()
                + " " + stage.getScene().getRoot().lookupAll(".label").stream().map(n -> ((Label) n).getText()).toList()));
        assertThat(facts.get(10, TimeUnit.SECONDS)).startsWith("true LoomScope 1280.0x800.0").contains("LoomScope");
        Platform.runLater(stage::close);
    }
}
