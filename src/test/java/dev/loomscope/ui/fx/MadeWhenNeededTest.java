package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A part made the first time it is needed: once, wired as asked, and placed when its tab is first selected. */
@WindowTest
class MadeWhenNeededTest {

    private final List<String> done = new ArrayList<>();

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    private MadeWhenNeeded<Label> counted() {
        return MadeWhenNeeded.of(() -> {
            done.add("made");
            return new Label("sweep");
        });
    }

    @Test
    void nothingIsMadeUntilAskedThenOnceAndWiredInTheOrderGiven() {
        var part = counted().whenMade(label -> done.add("wired " + label.getText())).whenMade(label -> done.add("styled"));
        part.ifMade(label -> done.add("refreshed"));
        assertThat(done).as("a frame before it is made does nothing to it").isEmpty();
        assertThat(part.made()).isFalse();

        Label made = part.get();

        assertThat(part.get()).isSameAs(made);
        assertThat(done).containsExactly("made", "wired sweep", "styled");
        part.whenMade(label -> done.add("wired later"));
        part.ifMade(label -> done.add("refreshed"));
        assertThat(done).as("wiring after it is made is done at once").endsWith("wired later", "refreshed");
    }

    @Test
    void aTabGetsItsPartWhenFirstSelectedAndNotBefore() throws Exception {
        Fx.run(() -> {
            var results = new Tab("Results", new Label("charts"));
            var sweepTab = new Tab("Sweep");
            var tabs = new TabPane(results, sweepTab);
            var part = counted().placedWhenSelected(sweepTab, sweepTab::setContent);
            assertThat(part.made()).as("its tab not selected").isFalse();

            tabs.getSelectionModel().select(sweepTab);

            assertThat(sweepTab.getContent()).isSameAs(part.get());
            tabs.getSelectionModel().select(results);
            tabs.getSelectionModel().select(sweepTab);
            assertThat(done).as("made and placed once").containsExactly("made");
        });
    }

    @Test
    void aTabAlreadySelectedGetsItsPartAtOnce() throws Exception {
        Fx.run(() -> {
            var shown = new Tab("JFR events");
            new TabPane(shown);
            var part = counted().placedWhenSelected(shown, shown::setContent);
            assertThat(shown.getContent()).isSameAs(part.get());
        });
    }
}
