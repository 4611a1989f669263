package dev.loomscope.ui;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2OutlinedAL;

/** The LoomScope window. For now a placeholder that proves the toolkit, icons and packaging work. */
public final class LoomScopeApp extends Application {

    public static void launchWindow(String[] args) {
        Application.launch(LoomScopeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        var icon = new FontIcon(Material2OutlinedAL.BLUR_ON);
        icon.setIconSize(72);
        var title = new Label("LoomScope");
        title.setStyle("-fx-font-size: 36px; -fx-font-weight: bold;");
        var hint = new Label("The visualizer is on its way. Meanwhile: ./loomscope run --help");
        hint.setStyle("-fx-font-size: 18px;");
        var root = new VBox(24, icon, title, hint);
        root.setAlignment(Pos.CENTER);
        root.setPadding(new Insets(48));
        stage.setTitle("LoomScope");
        stage.setScene(new Scene(root, 1280, 800));
        stage.show();
    }
}
