package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.event.Event;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Popup;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Input anywhere in the app is heard once per event, in windows shown before and after, and no more once unsubscribed. */
@WindowTest
class InputAnywhereTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    private static void key(Scene scene) {
        Event.fireEvent(scene.getRoot(), new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.SHIFT, true, false, false, false));
    }

    @Test
    void aWindowAndItsPopupAreHeardOnceEachTimeEvenShownAgainAndNotAfterTheEnd() throws Exception {
        var heard = new AtomicInteger();
        var stage = Fx.call(Stage::new);
        javafx.util.Subscription subscription = javafx.util.Subscription.EMPTY;
        try {
            var popup = Fx.call(() -> {
                stage.setScene(new Scene(new StackPane(new Label("window")), 200, 100));
                stage.show(); // shown before hearing begins
                var list = new Popup();
                list.getContent().add(new Label("a list"));
                return list;
            });
            // Keys in these two windows only: the pointer (the display's own) may cross them as they show and hide, and other
            // tests' windows share this JVM and its FX thread.
            subscription = Fx.call(() -> InputAnywhere.hear(event -> {
                if (event instanceof KeyEvent && (event.getSource() == stage.getScene() || event.getSource() == popup.getScene())) {
                    heard.incrementAndGet();
                }
            }));
            Fx.run(() -> key(stage.getScene()));
            assertThat(heard).as("the window shown before").hasValue(1);
            for (int shown = 1; shown <= 2; shown++) {
                Fx.run(() -> {
                    popup.show(stage); // shown after hearing began, then hidden and shown again
                    key(popup.getScene());
                    popup.hide();
                });
                assertThat(heard).as("the popup, shown %d times, heard once an event", shown).hasValue(1 + shown);
            }
            var hearing = subscription;
            Fx.run(() -> {
                hearing.unsubscribe();
                key(stage.getScene());
                popup.show(stage);
                key(popup.getScene());
                popup.hide();
            });
            assertThat(heard).as("nothing once unsubscribed").hasValue(3);
        } finally {
            var end = subscription;
            Fx.run(() -> {
                end.unsubscribe();
                stage.close();
            });
        }
    }
}
