package dev.loomscope.ui;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The words the views use, in plain words: F1 (or the book button) shows and hides it from anywhere. */
public final class GlossaryOverlay extends StackPane {

    static final List<String[]> TERMS = List.of(
            new String[] {"platform thread", "A thread of the operating system. Each costs a stack and a kernel thread, so there are thousands, not millions."},
            new String[] {"virtual thread", "A thread of the JVM, cheap enough to have one per task. It runs by being mounted on a carrier."},
            new String[] {"carrier", "A platform thread that runs virtual threads, one at a time. There are as many as the scheduler's parallelism."},
            new String[] {"mount", "A virtual thread is put on a carrier and runs there."},
            new String[] {"unmount", "A virtual thread that blocks (sleep, I/O, a lock) lets go of its carrier, which runs another one meanwhile."},
            new String[] {"pinning", "A virtual thread that blocks without letting go of its carrier (inside a native call or a class initializer on JDK 25), so the carrier waits with it."},
            new String[] {"parallelism", "How many carriers the virtual-thread scheduler uses: how many virtual threads can run at once (not wait: waiting is free)."},
            new String[] {"wave", "A batch of tasks that run together because only so many threads (or permits) exist: 10,000 tasks on 200 threads run in 50 waves."},
            new String[] {"ideal time", "The perfect world: no scheduling cost, no thread start-up. Waves x (sleep + CPU), or all the CPU work over the cores, whichever is longer."},
            new String[] {"semaphore", "A counter of permits: at most that many tasks pass at once. It limits a scarce resource without pooling threads."});

    public GlossaryOverlay() {
        getStyleClass().add("shortcuts-overlay");
        var grid = new GridPane(24, 10);
        for (int row = 0; row < TERMS.size(); row++) {
            var term = new Label(TERMS.get(row)[0]);
            term.getStyleClass().add("shortcut-key");
            var meaning = new Label(TERMS.get(row)[1]);
            meaning.setWrapText(true);
            meaning.setMaxWidth(640);
            grid.add(term, 0, row);
            grid.add(meaning, 1, row);
        }
        var title = new Label("Glossary");
        title.getStyleClass().add("section-title");
        var card = new VBox(14, title, grid);
        card.getStyleClass().add("shortcuts-card");
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        getChildren().add(card);
        setAlignment(Pos.CENTER);
        setVisible(false);
        setOnMouseClicked(e -> setVisible(false));
    }

    public void toggle() {
        setVisible(!isVisible());
    }
}
