package dev.loomscope.ui.prediction;

import dev.loomscope.model.Prediction;
import dev.loomscope.model.RunModel;
import dev.loomscope.result.RunLabel;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Icons;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * Predict first: before a preset's runs, a guess for each (three choices ten times apart); after
 * them, the guess beside the perfect world and what was measured, with a word on how close it was.
 * The bar and its buttons are in {@code PredictionBar.fxml}; the rows are made here for the runs asked about.
 */
public final class PredictionBar extends VBox {

    @FXML
    private Label predictionTitle;
    @FXML
    private GridPane guessRows;
    @FXML
    private HBox predictionButtons;
    @FXML
    private Button predictionRun;
    @FXML
    private Button predictionSkip;
    @FXML
    private Button predictionClose;
    private final int cores;
    private final List<ToggleGroup> groups = new ArrayList<>();
    private final List<TextField> typed = new ArrayList<>();
    private List<Scenario> asked = List.of();
    private List<Double> guesses = List.of();
    private BooleanSupplier start = () -> false;
    private final ReadOnlyBooleanWrapper asking = new ReadOnlyBooleanWrapper(false);

    public PredictionBar(int cores) {
        this.cores = cores;
        Fxml.load(this);
        predictionRun.setGraphic(Icons.RUN.create());
        managedProperty().bind(visibleProperty());
    }

    /**
     * Asks for a guess per scenario. {@code start} starts exactly those runs and says whether they
     * started; guesses are kept only for runs that did. Each row's choices are {@code #guess<row>Choice<n>},
     * its own number {@code #guess<row>Ms}.
     */
    public void ask(List<Scenario> scenarios, BooleanSupplier start) {
        this.start = start;
        asking.set(true);
        asked = List.copyOf(scenarios);
        guesses = List.of();
        groups.clear();
        typed.clear();
        guessRows.getChildren().clear();
        predictionTitle.setText(Messages.text("prediction.ask"));
        predictionRun.setDisable(true);
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario s = scenarios.get(i);
            var group = new ToggleGroup();
            groups.add(group);
            guessRows.add(new Label(RunLabel.of(s)), 0, i);
            int column = 1;
            // The right order of magnitude is not always in the middle.
            var choices = new ArrayList<>(Prediction.choices(IdealTime.millis(s, cores)));
            Collections.rotate(choices, i);
            for (Prediction.Choice choice : choices) {
                var button = new ToggleButton(choice.label());
                button.setId("guess" + i + "Choice" + (column - 1));
                button.setUserData(choice.ms());
                button.setToggleGroup(group);
                button.getStyleClass().add("prediction-choice");
                guessRows.add(button, column++, i);
            }
            // Or a number of one's own, in ms: typing one clears the choice.
            var own = new TextField();
            own.setId("guess" + i + "Ms");
            own.setPromptText(Messages.text("prediction.own"));
            own.setPrefColumnCount(6);
            typed.add(own);
            guessRows.add(own, column, i);
            own.textProperty().addListener((obs, old, text) -> {
                if (typedMs(own) > 0) {
                    group.selectToggle(null);
                }
                predictionRun.setDisable(!allAnswered());
            });
            group.selectedToggleProperty().addListener((obs, old, now) -> {
                if (now != null) {
                    own.clear();
                }
                predictionRun.setDisable(!allAnswered());
            });
        }
        predictionButtons.getChildren().setAll(predictionRun, predictionSkip);
        setVisible(true);
    }

    /** Run: the guesses are kept for when the runs end, if they start. */
    @FXML
    private void runWithGuesses() {
        var answers = new ArrayList<Double>();
        for (int i = 0; i < groups.size(); i++) {
            var choice = groups.get(i).getSelectedToggle();
            answers.add(choice != null ? (Double) choice.getUserData() : typedMs(typed.get(i)));
        }
        asking.set(false);
        if (start.getAsBoolean()) {
            guesses = List.copyOf(answers);
            predictionTitle.setText(Messages.text("prediction.running"));
            predictionButtons.getChildren().clear();
        } else {
            setVisible(false);
        }
    }

    /** "Skip, just run": the runs start with no comparison afterwards. */
    @FXML
    private void skip() {
        cancel();
        start.getAsBoolean();
    }

    @FXML
    private void close() {
        setVisible(false);
    }

    private boolean allAnswered() {
        for (int i = 0; i < groups.size(); i++) {
            if (groups.get(i).getSelectedToggle() == null && typedMs(typed.get(i)) <= 0) {
                return false;
            }
        }
        return true;
    }

    /** The typed guess in ms, or 0 when it is not a positive number. */
    private static double typedMs(TextField field) {
        try {
            double ms = Double.parseDouble(field.getText().replace(",", "").replace("ms", "").strip());
            return ms > 0 && Double.isFinite(ms) ? ms : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Drops a pending question (the runs it asked about changed) and hides. */
    public void cancel() {
        asking.set(false);
        guesses = List.of();
        setVisible(false);
    }

    /** Whether it is waiting for guesses before runs start. */
    public boolean isAsking() {
        return asking.get();
    }

    public ReadOnlyBooleanProperty askingProperty() {
        return asking.getReadOnlyProperty();
    }

    /** Once the runs have ended: each guess beside the perfect world and the measured time. */
    public void showResults(List<RunModel> runs) {
        if (guesses.isEmpty()) {
            return;
        }
        predictionTitle.setText(Messages.text("prediction.results"));
        guessRows.getChildren().clear();
        String[] heads = {"", Messages.text("prediction.said"), Messages.text("prediction.ideal"), Messages.text("prediction.measured"), ""};
        for (int c = 0; c < heads.length; c++) {
            var head = new Label(heads[c]);
            head.getStyleClass().add("control-name");
            guessRows.add(head, c, 0);
        }
        // A stopped comparison has fewer runs than guesses: the ones it kept are the first ones.
        for (int i = 0; i < Math.min(runs.size(), guesses.size()); i++) {
            RunModel run = runs.get(i);
            RunResult result = run.result();
            if (result == null) {
                continue;
            }
            double guess = guesses.get(i);
            guessRows.add(new Label(run.title()), 0, i + 1);
            guessRows.add(new Label(Durations.humanMillis(guess)), 1, i + 1);
            guessRows.add(new Label(Durations.humanMillis(run.idealMs())), 2, i + 1);
            guessRows.add(new Label(Durations.humanMillis(result.elapsedMs())), 3, i + 1);
            var score = new Label(result.isCompleted() ? Prediction.score(guess, result.elapsedMs()).split(":")[0]
                    : Messages.text(result.outcome() == RunResult.Outcome.CANCELLED ? "prediction.stopped" : "prediction.failed"));
            score.getStyleClass().add("prediction-score");
            guessRows.add(score, 4, i + 1);
        }
        predictionButtons.getChildren().setAll(predictionClose);
        guesses = List.of();
        setVisible(true);
    }

    /** Whether guesses are waiting for their runs to end. */
    public boolean awaitingResults() {
        return !guesses.isEmpty();
    }
}
