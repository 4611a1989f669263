package dev.loomscope.ui.shell;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** F1 opens the docs page of what is on screen (captured here instead of a browser); Shift+F1 the glossary. */
@WindowTest
class HelpKeyTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private final List<URI> openedPages = new CopyOnWriteArrayList<>();

    @Test
    void f1OpensThePageOfWhatIsOnScreenFromThisCheckoutsDocs() throws Exception {
        MainWindow window = opened.openForRuns(new FakeRunner());
        Fx.run(() -> {
            window.presentation().setFullScreen(false);
            window.openDocumentsWith(openedPages::add);
        });
        Scene scene = Fx.call(window::getScene);
        Path docs = Path.of("docs").toAbsolutePath();

        Fx.run(() -> Fx.press(scene, KeyCode.F1, false));
        Fx.run(() -> window.tabs().show("sweep"));
        Fx.run(() -> Fx.press(scene, KeyCode.F1, false));
        Fx.run(() -> window.tabs().show("web"));
        Fx.run(() -> Fx.press(scene, KeyCode.F1, false));
        Fx.run(() -> window.tabs().show("results"));
        Fx.run(() -> window.presentation().set(true));
        Fx.run(() -> Fx.press(scene, KeyCode.F1, false));

        assertThat(openedPages).containsExactly(
                docs.resolve("learning.md").toUri(),
                URI.create(docs.resolve("learning.md").toUri() + "#sweeps-one-setting-over-a-range"),
                URI.create(docs.resolve("learning.md").toUri() + "#the-web-experiments-serve-and-load"),
                docs.resolve("presenting.md").toUri());
        assertThat(Fx.call(() -> window.cards().get(1).isVisible())).as("the glossary, which F1 no longer opens").isFalse();
    }

    @Test
    void shiftF1ShowsTheGlossaryAndOpensNoPage() throws Exception {
        MainWindow window = opened.openForRuns(new FakeRunner());
        Fx.run(() -> window.openDocumentsWith(openedPages::add));
        Scene scene = Fx.call(window::getScene);

        Fx.run(() -> Fx.press(scene, KeyCode.F1, true));

        assertThat(Fx.call(() -> window.cards().get(1).isVisible())).as("the glossary").isTrue();
        assertThat(openedPages).isEmpty();
    }
}
