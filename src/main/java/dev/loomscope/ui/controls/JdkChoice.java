package dev.loomscope.ui.controls;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Icons;
import java.io.File;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.stage.DirectoryChooser;
import javafx.util.StringConverter;

/**
 * The settings' JDK choice: the JDKs found that a runner runs on (LoomScope's own first, the default),
 * and "Add a JDK..." for a folder of one's own. The choice is the runs' {@code jdk}: "" for the default,
 * else the JDK's folder.
 */
final class JdkChoice {

    private JdkChoice() {
    }

    static void bind(ComboBox<Jdks.Jdk> box, Button add, Jdks jdks, ObjectProperty<String> jdk) {
        add.setGraphic(Icons.OPEN.create(16));
        add.setAccessibleText(add.getText());
        box.getItems().setAll(jdks.runnable());
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(Jdks.Jdk choice) {
                if (choice == null) {
                    return "";
                }
                return choice.equals(jdks.current()) ? Messages.text("controls.jdk.default", choice.version())
                        : Messages.text("controls.jdk.found", choice.version(), choice.home());
            }

            @Override
            public Jdks.Jdk fromString(String text) {
                return null;
            }
        });
        box.setValue(jdks.current());
        box.valueProperty().addListener((obs, old, chosen) -> jdk.set(chosen == null || chosen.equals(jdks.current()) ? "" : chosen.home().toString()));
        add.setOnAction(e -> {
            var chooser = new DirectoryChooser();
            chooser.setTitle(Messages.text("controls.jdk.add.title"));
            File folder = chooser.showDialog(add.getScene() == null ? null : add.getScene().getWindow());
            if (folder == null) {
                return;
            }
            Jdks.Jdk found = Jdks.read(folder.toPath());
            if (found == null || found.feature() < dev.loomscope.scenario.JdkNeeds.OLDEST_RUNNER) {
                var refusal = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.WARNING, Messages.text("controls.jdk.not-a-jdk", folder));
                refusal.initOwner(add.getScene() == null ? null : add.getScene().getWindow());
                refusal.show();
                return;
            }
            if (!box.getItems().contains(found)) {
                box.getItems().add(found);
            }
            box.setValue(found);
        });
    }
}
