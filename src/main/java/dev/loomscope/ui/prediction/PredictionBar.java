package dev.loomscope.ui.prediction;

import dev.loomscope.ui.theme.Icons;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.Prediction;
import dev.loomscope.model.RunModel;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * Predict first: before a preset's runs, a guess for each (three choices ten times apart); after
 * them, the guess beside the perfect world and what was measured, with a word on how close it was.
 */
public final class PredictionBar extends VBox {

    private final Label title = new Label();
    private final GridPane rows = new GridPane(14, 8);
    private final HBox buttons = new HBox(10);
    private final int cores;
    private final List<ToggleGroup> groups = new ArrayList<>();
    private final List<javafx.scene.control.TextField> typed = new ArrayList<>();
    private List<Scenario> asked = List.of();
    private List<Double> guesses = List.of();
    private final javafx.beans.property.ReadOnlyBooleanWrapper asking = new javafx.beans.property.ReadOnlyBooleanWrapper(false);

    public PredictionBar(int cores) {
        this.cores = cores;
        getStyleClass().add("prediction-bar");
        setSpacing(8);
        title.getStyleClass().add("narrative-title");
        buttons.setAlignment(Pos.CENTER_LEFT);
        getChildren().setAll(title, rows, buttons);
        setVisible(false);
        managedProperty().bind(visibleProperty());
    }

    /**
     * Asks for a guess per scenario. {@code start} starts exactly those runs and says whether they
     * started; guesses are kept only for runs that did.
     */
    public void ask(List<Scenario> scenarios, java.util.function.BooleanSupplier start) {
        asking.set(true);
        asked = List.copyOf(scenarios);
        guesses = List.of();
        groups.clear();
        typed.clear();
        rows.getChildren().clear();
        title.setText("Predict first: how long will each take?");
        var go = new Button("Run", Icons.RUN.create());
        go.getStyleClass().add("accent");
        go.setDisable(true);
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario s = scenarios.get(i);
            var group = new ToggleGroup();
            groups.add(group);
            rows.add(new Label(s.label() + (s.blocking() == dev.loomscope.scenario.BlockingMode.SLEEP ? "" : ", " + s.blocking().cliName())), 0, i);
            int column = 1;
            // The right order of magnitude is not always in the middle.
            var choices = new ArrayList<>(Prediction.choices(IdealTime.millis(s, cores)));
            java.util.Collections.rotate(choices, i);
            for (Prediction.Choice choice : choices) {
                var button = new ToggleButton(choice.label());
                button.setUserData(choice.ms());
                button.setToggleGroup(group);
                button.getStyleClass().add("prediction-choice");
                rows.add(button, column++, i);
            }
            // Or a number of one's own, in ms: typing one clears the choice.
            var own = new javafx.scene.control.TextField();
            own.setPromptText("or ms");
            own.setPrefColumnCount(6);
            typed.add(own);
            rows.add(own, column, i);
            own.textProperty().addListener((obs, old, text) -> {
                if (typedMs(own) > 0) {
                    group.selectToggle(null);
                }
                go.setDisable(!allAnswered());
            });
            group.selectedToggleProperty().addListener((obs, old, now) -> {
                if (now != null) {
                    own.clear();
                }
                go.setDisable(!allAnswered());
            });
        }
        go.setOnAction(e -> {
            var answers = new ArrayList<Double>();
            for (int i = 0; i < groups.size(); i++) {
                var choice = groups.get(i).getSelectedToggle();
                answers.add(choice != null ? (Double) choice.getUserData() : typedMs(typed.get(i)));
            }
            asking.set(false);
            if (start.getAsBoolean()) {
                guesses = List.copyOf(answers);
                title.setText("Running... your guesses are kept for when the runs end.");
                buttons.getChildren().clear();
            } else {
                setVisible(false);
            }
        });
        var skip = new Button("Skip, just run");
        skip.getStyleClass().add(atlantafx.base.theme.Styles.FLAT);
        skip.setOnAction(e -> {
            cancel();
            start.getAsBoolean();
        });
        buttons.getChildren().setAll(go, skip);
        setVisible(true);
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
    private static double typedMs(javafx.scene.control.TextField field) {
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

    public javafx.beans.property.ReadOnlyBooleanProperty askingProperty() {
        return asking.getReadOnlyProperty();
    }

    /** Once the runs have ended: each guess beside the perfect world and the measured time. */
    public void showResults(List<RunModel> runs) {
        if (guesses.isEmpty()) {
            return;
        }
        title.setText("Your guesses against the perfect world and the run");
        rows.getChildren().clear();
        String[] heads = {"", "you said", "perfect world", "measured", ""};
        for (int c = 0; c < heads.length; c++) {
            var head = new Label(heads[c]);
            head.getStyleClass().add("control-name");
            rows.add(head, c, 0);
        }
        // A stopped comparison has fewer runs than guesses: the ones it kept are the first ones.
        for (int i = 0; i < Math.min(runs.size(), guesses.size()); i++) {
            RunModel run = runs.get(i);
            RunResult result = run.result();
            if (result == null) {
                continue;
            }
            double guess = guesses.get(i);
            rows.add(new Label(run.title()), 0, i + 1);
            rows.add(new Label(Durations.humanMillis(guess)), 1, i + 1);
            rows.add(new Label(Durations.humanMillis(run.idealMs())), 2, i + 1);
            rows.add(new Label(Durations.humanMillis(result.elapsedMs())), 3, i + 1);
            var score = new Label(result.isCompleted() ? Prediction.score(guess, result.elapsedMs()).split(":")[0]
                    : result.outcome() == RunResult.Outcome.CANCELLED ? "stopped" : "failed");
            score.getStyleClass().add("prediction-score");
            rows.add(score, 4, i + 1);
        }
        var close = new Button("Close");
        close.getStyleClass().add(atlantafx.base.theme.Styles.FLAT);
        close.setOnAction(e -> setVisible(false));
        buttons.getChildren().setAll(close);
        guesses = List.of();
        setVisible(true);
    }

    /** Whether guesses are waiting for their runs to end. */
    public boolean awaitingResults() {
        return !guesses.isEmpty();
    }

    public List<ToggleGroup> choiceGroups() {
        return groups;
    }

    public List<javafx.scene.control.TextField> typedGuesses() {
        return typed;
    }

    public Button runButton() {
        return (Button) buttons.getChildren().getFirst();
    }
}
