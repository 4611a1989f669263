package dev.loomscope.ui.shell;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * A card of two columns over the window, such as the keyboard shortcuts ({@code ?}) and the
 * glossary (F1). Its key shows and hides it, as do Esc and a click.
 */
public final class InfoOverlay extends StackPane {

    /** Each shortcut: the keys, then what they do. */
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"Ctrl+R  or  F5", "run the selected executors"},
            new String[] {"Esc", "stop the run (or close the replay, or this)"},
            new String[] {"Page Down / Page Up", "next / previous experiment"},
            new String[] {"Ctrl+P", "replay the shown run in slow motion; pause and resume"},
            new String[] {"Ctrl+Shift+P", "race the last two runs side by side, in slow motion"},
            new String[] {"[  /  ]", "replay slower / faster (0.1x to 2x)"},
            new String[] {"F11", "presentation mode: full screen, large type"},
            new String[] {"Ctrl+H", "high contrast"},
            new String[] {"Ctrl+T", "dark or light theme"},
            new String[] {"Ctrl+S", "save a 2x picture of the window to ~/LoomScope"},
            new String[] {"Ctrl+Shift+S", "save a picture as..."},
            new String[] {"F1", "the glossary: carrier, mount, pinning, ideal time..."},
            new String[] {"?", "show or hide these shortcuts"});

    /** Each word the views use, then what it means in plain words. */
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

    /** @param rows       each row: what is explained (bold), then the explanation
     *  @param wrapWidth  where explanations wrap, or 0 for none */
    private InfoOverlay(String title, List<String[]> rows, double wrapWidth) {
        getStyleClass().add("shortcuts-overlay");
        var grid = new GridPane(24, 10);
        for (int row = 0; row < rows.size(); row++) {
            var key = new Label(rows.get(row)[0]);
            key.getStyleClass().add("shortcut-key");
            var text = new Label(rows.get(row)[1]);
            if (wrapWidth > 0) {
                text.setWrapText(true);
                text.setMaxWidth(wrapWidth);
            }
            grid.add(key, 0, row);
            grid.add(text, 1, row);
        }
        var heading = new Label(title);
        heading.getStyleClass().add("section-title");
        var card = new VBox(14, heading, grid);
        card.getStyleClass().add("shortcuts-card");
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        getChildren().add(card);
        setAlignment(Pos.CENTER);
        setVisible(false);
        setOnMouseClicked(e -> setVisible(false));
    }

    public static InfoOverlay shortcuts() {
        return new InfoOverlay("Keyboard shortcuts", SHORTCUTS, 0);
    }

    public static InfoOverlay glossary() {
        return new InfoOverlay("Glossary", TERMS, 640);
    }

    public void toggle() {
        setVisible(!isVisible());
    }
}
