package dev.loomscope.ui.observe;

import dev.loomscope.attach.LocalJvm;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The card that picks a JVM to observe: this user's JVMs with their pid, main class or jar, JDK and
 * whether they can be observed (those that cannot are greyed, with their one-line reason). Type to
 * filter; double-click or Enter observes. Listing and attaching run off the FX thread; while it
 * attaches the card says so, and a failure shows as the observer worded it.
 */
public final class JvmPicker extends StackPane {

    private static final PseudoClass UNOBSERVABLE = PseudoClass.getPseudoClass("unobservable");

    private final ObserveSession session;
    private final ObservableList<LocalJvm> jvms = FXCollections.observableArrayList();
    private final FilteredList<LocalJvm> shown = new FilteredList<>(jvms);
    private final TableView<LocalJvm> table = new TableView<>(shown);
    private final TextField filter = new TextField();
    private final Label status = new Label();
    private final Label error = new Label();
    private final ProgressIndicator progress = new ProgressIndicator();
    private final Button observe = new Button(Messages.text("observe.picker.observe"));
    private boolean listing;

    public JvmPicker(ObserveSession session) {
        this.session = session;
        getStyleClass().addAll("shortcuts-overlay", "jvm-picker");
        setId("jvmPicker");
        var title = new Label(Messages.text("observe.picker.title"));
        title.getStyleClass().add("section-title");
        var intro = new Label(Messages.text("observe.picker.intro"));
        intro.setWrapText(true);
        intro.setMinHeight(Region.USE_PREF_SIZE);
        intro.getStyleClass().add("section-caption");
        filter.setPromptText(Messages.text("observe.picker.filter"));
        filter.setId("jvmFilter");
        filter.textProperty().subscribe(text -> shown.setPredicate(jvm -> matches(jvm, text)));
        HBox.setHgrow(filter, Priority.ALWAYS);
        var refresh = IconButtons.of(Icons.REFRESH, 18, Messages.text("observe.picker.refresh"));
        refresh.setId("jvmRefresh");
        refresh.setOnAction(e -> refresh());
        var top = new HBox(8, filter, refresh);
        top.setAlignment(Pos.CENTER_LEFT);

        table.setId("jvmTable");
        table.setPlaceholder(new Label(Messages.text("observe.picker.none")));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(List.of(column("observe.picker.pid", 80, jvm -> Long.toString(jvm.pid())),
                column("observe.picker.name", 240, jvm -> jvm.name().isEmpty() ? Messages.text("observe.picker.unnamed") : jvm.name()),
                column("observe.picker.jdk", 90, jvm -> jvm.jdkVersion().isEmpty() ? "?" : jvm.jdkVersion()),
                column("observe.picker.can", 440, JvmPicker::observability)));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(LocalJvm jvm, boolean empty) {
                super.updateItem(jvm, empty);
                pseudoClassStateChanged(UNOBSERVABLE, !empty && jvm != null && !jvm.observable().canAttach());
                dev.loomscope.ui.fx.Tooltips.setText(this, empty || jvm == null ? null : jvm.why());
                setOnMouseClicked(e -> {
                    if (e.getClickCount() == 2 && !isEmpty()) {
                        observeSelected();
                    }
                });
            }
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                observeSelected();
                e.consume();
            }
        });
        filter.setOnAction(e -> {
            if (table.getSelectionModel().isEmpty() && !shown.isEmpty()) {
                table.getSelectionModel().select(firstObservable());
            }
            observeSelected();
        });
        table.getSelectionModel().selectedItemProperty().subscribe(jvm -> observe.setDisable(jvm == null || !jvm.observable().canAttach()));
        VBox.setVgrow(table, Priority.ALWAYS);

        progress.setPrefSize(20, 20);
        progress.setMaxSize(20, 20);
        progress.visibleProperty().bind(session.attachingProperty());
        progress.managedProperty().bind(progress.visibleProperty());
        status.setId("jvmPickerStatus");
        error.setId("jvmPickerError");
        error.getStyleClass().add("problem");
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.textProperty().bind(session.attachErrorProperty());
        error.visibleProperty().bind(error.textProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        observe.setId("jvmObserve");
        observe.setDefaultButton(false);
        observe.getStyleClass().add("accent");
        observe.setOnAction(e -> observeSelected());
        var cancel = new Button(Messages.text("observe.picker.cancel"));
        cancel.setOnAction(e -> hide());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var bottom = new HBox(10, progress, status, spacer, cancel, observe);
        bottom.setAlignment(Pos.CENTER_LEFT);

        var card = new VBox(12, title, intro, top, table, error, bottom);
        card.getStyleClass().add("shortcuts-card");
        card.setPrefSize(980, 560);
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        card.setMinSize(0, 0);
        // Never wider or taller than the window.
        card.prefWidthProperty().bind(widthProperty().multiply(0.9).map(w -> Math.min(980, w.doubleValue())));
        card.prefHeightProperty().bind(heightProperty().multiply(0.85).map(h -> Math.min(620, h.doubleValue())));
        card.setOnMouseClicked(javafx.event.Event::consume);
        getChildren().add(card);
        setAlignment(Pos.CENTER);
        setVisible(false);
        // A click beside the card closes it, as with the other cards.
        setOnMouseClicked(e -> hide());
        session.attachingProperty().subscribe(attaching -> {
            status.setText(attaching ? Messages.text("observe.picker.attaching", session.attachingPid())
                    : Messages.text("observe.picker.listed", jvms.size()));
            observe.setDisable(attaching || table.getSelectionModel().getSelectedItem() == null
                    || !table.getSelectionModel().getSelectedItem().observable().canAttach());
        });
    }

    private static TableColumn<LocalJvm, String> column(String key, double width, java.util.function.Function<LocalJvm, String> text) {
        var column = new TableColumn<LocalJvm, String>(Messages.text(key));
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return column;
    }

    /** "yes", "partly: JDK 21 has no scheduler MXBean...", "no: JDK 17 has no virtual threads...". */
    static String observability(LocalJvm jvm) {
        String can = switch (jvm.observable()) {
            case FULL -> Messages.text("observe.picker.yes");
            case PARTIAL -> Messages.text("observe.picker.partly");
            case UNKNOWN -> Messages.text("observe.picker.maybe");
            case NO_VIRTUAL_THREADS, SELF -> Messages.text("observe.picker.no");
        };
        return jvm.why().isEmpty() ? can : can + ": " + jvm.why();
    }

    static boolean matches(LocalJvm jvm, String text) {
        if (text == null || text.isBlank()) {
            return true;
        }
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return Long.toString(jvm.pid()).contains(wanted) || jvm.name().toLowerCase(Locale.ROOT).contains(wanted)
                || jvm.jdkVersion().toLowerCase(Locale.ROOT).contains(wanted);
    }

    private LocalJvm firstObservable() {
        return shown.stream().filter(jvm -> jvm.observable().canAttach()).findFirst().orElse(shown.getFirst());
    }

    /** Observes the selected JVM; one that cannot be observed says why instead. */
    public void observeSelected() {
        LocalJvm jvm = table.getSelectionModel().getSelectedItem();
        if (jvm == null || session.attachingProperty().get()) {
            return;
        }
        if (!jvm.observable().canAttach()) {
            status.setText(Messages.text("observe.picker.cannot", jvm.pid(), jvm.why()));
            return;
        }
        session.attach(jvm.pid());
    }

    /** Shows the card and lists the JVMs afresh. */
    public void show() {
        setVisible(true);
        refresh();
        filter.requestFocus();
    }

    public void hide() {
        setVisible(false);
        if (session.attachingProperty().get()) {
            session.cancelAttach();
        }
    }

    public void toggle() {
        if (isVisible()) {
            hide();
        } else {
            show();
        }
    }

    /** Lists the JVMs again, off the FX thread; the selection stays on the same pid where it can. */
    public void refresh() {
        if (listing) {
            return;
        }
        listing = true;
        status.setText(Messages.text("observe.picker.listing"));
        session.list((list, problem) -> {
            listing = false;
            if (problem != null) {
                status.setText(Messages.text("observe.picker.list-failed", problem.getMessage()));
                return;
            }
            LocalJvm selected = table.getSelectionModel().getSelectedItem();
            jvms.setAll(list);
            status.setText(session.attachingProperty().get() ? status.getText() : Messages.text("observe.picker.listed", list.size()));
            if (selected != null) {
                shown.stream().filter(jvm -> jvm.pid() == selected.pid()).findFirst().ifPresent(table.getSelectionModel()::select);
            } else if (!shown.isEmpty()) {
                table.getSelectionModel().select(firstObservable());
            }
        });
    }

    // ---- for tests ----

    public TableView<LocalJvm> table() {
        return table;
    }

    public TextField filter() {
        return filter;
    }

    public String statusText() {
        return status.getText();
    }

    public String errorText() {
        return error.isVisible() ? error.getText() : "";
    }
}
