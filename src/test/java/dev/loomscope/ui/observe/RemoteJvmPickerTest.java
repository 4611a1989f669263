package dev.loomscope.ui.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.JmxTargets;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.shell.MainWindow;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.Button;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The picker's "Remote JVM": its fields are there, the password masked, and a port where nothing listens gets one line while the window goes on. */
@WindowTest(lane = WindowTest.Lane.READING)
class RemoteJvmPickerTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    @Test
    void aPortWhereNothingListensShowsOneLineAndTheWindowGoesOn(@TempDir Path dir) throws Exception {
        MainWindow window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), Attacher.local(dir));
        int closed = JmxTargets.freePort();
        String url = JmxTargets.url(closed);
        Fx.run(() -> {
            window.picker().show();
            var remote = NodeProbe.lookup(window.picker(), "#remotePane", TitledPane.class);
            assertThat(remote.getText()).isEqualTo("Remote JVM (its own JMX agent)");
            remote.setExpanded(true);
            // Its fields are the pane's content, laid out under it once it is open.
            var fields = remote.getContent();
            NodeProbe.lookup(fields, "#remoteUrl", TextField.class).setText(url);
            NodeProbe.lookup(fields, "#remoteUser", TextField.class).setText(JmxTargets.USER);
            NodeProbe.lookup(fields, "#remotePassword", PasswordField.class).setText(JmxTargets.PASSWORD);
            NodeProbe.lookup(fields, "#remoteConnect", Button.class).fire();
        });
        // The FX thread answers while the connection is tried, and the error lands as one line.
        Fx.waitUntil("the error", Duration.ofSeconds(30), () -> !ObserveProbe.pickerError(window).isEmpty());

        String error = Fx.call(() -> ObserveProbe.pickerError(window));
        assertThat(error).startsWith("nothing answers JMX at " + url).doesNotContain("\n").doesNotContain(JmxTargets.PASSWORD);
        assertThat(Fx.call(() -> NodeProbe.lookup(NodeProbe.lookup(window.picker(), "#remotePane", TitledPane.class).getContent(), "#remoteConnect",
                Button.class).isDisabled())).isFalse();
        assertThat(Fx.call(() -> window.picker().isVisible())).as("the card stays for another try").isTrue();
        assertThat(Fx.call(() -> window.observing().observed())).isNull();
    }
}
