package dev.loomscope.ui.shell;

import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.views.LegendPane;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The controller of {@code MainWindow.fxml}: the skeleton's named nodes, and the touches FXML
 * cannot give them (icons, the picture menus of the views). What the nodes show is the shell's.
 */
final class WindowLayout {

    /** The app's icon beside its name in the header (and in the {@link OpeningFrame}'s). */
    static final int TITLE_ICON_SIZE = 28;
    /** The header's icon buttons. */
    static final int HEADER_ICON_SIZE = 20;

    @FXML
    HBox headerActions;
    @FXML
    Label appTitle, shownTitle, presentationHint, bannerText, wavesCaption, lanesTitle, lanesCaption, why, status, frameStatus;
    @FXML
    HBox banner, wavesHead, lanesHead;
    @FXML
    Button bannerClose, fitLanes;
    @FXML
    VBox sidebar, centerBox, overview, wavesSection, lanesSection;
    @FXML
    ScrollPane overviewScroll;
    @FXML
    PresetStory story;
    @FXML
    SplitPane split, charts;
    @FXML
    LegendPane wavesLegend, lanesLegend;
    @FXML
    StackPane wavesFrame, lanesFrame, chartsHost, webHost;
    @FXML
    TabPane tabs;
    @FXML
    Tab jfrTab, sweepTab, webTab;

    /** Icons, and each view's picture menu (in its header, or a right-click away for the charts). */
    void dress(WindowExports exports, Runnable fitLanesAction) {
        appTitle.setText(OpeningFrame.NAME);
        appTitle.setGraphic(Icons.APP.create(TITLE_ICON_SIZE));
        presentationHint.setText(dev.loomscope.ui.actions.Action.stageHint());
        IconButtons.style(fitLanes).setGraphic(Icons.ZOOM_FIT.create(16));
        fitLanes.setOnAction(e -> fitLanesAction.run());
        jfrTab.setGraphic(Icons.PIN.create(14));
        webTab.setGraphic(Icons.WEB.create(14));
        wavesHead.getChildren().add(exports.viewMenu("task waves", wavesFrame, wavesFrame));
        lanesHead.getChildren().add(lanesHead.getChildren().indexOf(fitLanes), exports.viewMenu("carrier lanes", lanesFrame, lanesFrame));
        exports.pictureOnRightClick("charts", chartsHost);
        exports.pictureOnRightClick("web-service", webHost);
    }
}
