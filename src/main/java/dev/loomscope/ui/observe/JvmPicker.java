package dev.loomscope.ui.observe;

import dev.loomscope.ui.fx.TextColumns;
import dev.loomscope.attach.JmxTarget;
import dev.loomscope.attach.LocalJvm;
import dev.loomscope.ui.observe.RemoteJvms.RemoteJvm;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The card that picks a JVM to observe: this user's JVMs with their pid, main class or jar, JDK and
 * whether they can be observed (those that cannot are greyed, with their one-line reason). Type to
 * filter; double-click or Enter observes. Listing and attaching run off the FX thread; while it
 * attaches the card says so, and a failure shows as the observer worded it. Under the table, a JVM
 * elsewhere is observed through its own JMX agent (URL, user, password, truststore); the URL, user
 * and truststore path can be kept, never the password. The card is laid out in
 * {@code JvmPicker.fxml}.
 */
public final class JvmPicker extends StackPane {

    private static final PseudoClass UNOBSERVABLE = PseudoClass.getPseudoClass("unobservable");

    private final ObserveSession session;
    private final ObservableList<LocalJvm> jvms = FXCollections.observableArrayList();
    private final FilteredList<LocalJvm> shown = new FilteredList<>(jvms);
    @FXML
    private VBox pickerCard;
    @FXML
    private TextField jvmFilter;
    @FXML
    private Button jvmRefresh;
    @FXML
    private TableView<LocalJvm> jvmTable;
    @FXML
    private TableColumn<LocalJvm, String> pidColumn;
    @FXML
    private TableColumn<LocalJvm, String> nameColumn;
    @FXML
    private TableColumn<LocalJvm, String> jdkColumn;
    @FXML
    private TableColumn<LocalJvm, String> canColumn;
    @FXML
    private Label jvmPickerError;
    @FXML
    private ProgressIndicator progress;
    @FXML
    private Label jvmPickerStatus;
    @FXML
    private Button jvmObserve;
    @FXML
    private TitledPane remotePane;
    @FXML
    private ComboBox<RemoteJvm> remoteSaved;
    @FXML
    private TextField remoteUrl;
    @FXML
    private TextField remoteUser;
    @FXML
    private PasswordField remotePassword;
    @FXML
    private TextField remoteTrustStore;
    @FXML
    private PasswordField remoteTrustStorePassword;
    @FXML
    private Label remoteStatus;
    @FXML
    private Button remoteConnect;
    private boolean listing;
    private final RemoteJvms kept = RemoteJvms.inUserConfig();

    public JvmPicker(ObserveSession session) {
        this.session = session;
        Fxml.load(this);
        progress.visibleProperty().bind(session.attachingProperty());
        jvmPickerError.textProperty().bind(session.attachErrorProperty());
        session.attachingProperty().subscribe(attaching -> {
            jvmPickerStatus.setText(attaching ? session.attachingWhat() : Messages.text("observe.picker.listed", jvms.size()));
            remoteConnect.setDisable(attaching);
            jvmObserve.setDisable(attaching || jvmTable.getSelectionModel().getSelectedItem() == null
                    || !jvmTable.getSelectionModel().getSelectedItem().observable().canAttach());
        });
    }

    @FXML
    private void initialize() {
        jvmFilter.textProperty().subscribe(text -> shown.setPredicate(jvm -> matches(jvm, text)));
        IconButtons.style(jvmRefresh).setGraphic(Icons.REFRESH.create(18));
        Tooltips.setText(jvmRefresh, Messages.text("observe.picker.refresh"));
        jvmTable.setItems(shown);
        TextColumns.fill(pidColumn, jvm -> Long.toString(jvm.pid()));
        TextColumns.fill(nameColumn, jvm -> jvm.name().isEmpty() ? Messages.text("observe.picker.unnamed") : jvm.name());
        TextColumns.fill(jdkColumn, jvm -> jvm.jdkVersion().isEmpty() ? "?" : jvm.jdkVersion());
        TextColumns.fill(canColumn, JvmPicker::observability);
        jvmTable.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(LocalJvm jvm, boolean empty) {
                super.updateItem(jvm, empty);
                pseudoClassStateChanged(UNOBSERVABLE, !empty && jvm != null && !jvm.observable().canAttach());
                Tooltips.setText(this, empty || jvm == null ? null : jvm.why());
                setOnMouseClicked(e -> {
                    if (e.getClickCount() == 2 && !isEmpty()) {
                        observeSelected();
                    }
                });
            }
        });
        jvmTable.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                observeSelected();
                e.consume();
            }
        });
        jvmTable.getSelectionModel().selectedItemProperty().subscribe(jvm -> jvmObserve.setDisable(jvm == null || !jvm.observable().canAttach()));
        progress.managedProperty().bind(progress.visibleProperty());
        jvmPickerError.visibleProperty().bind(jvmPickerError.textProperty().isNotEmpty());
        jvmPickerError.managedProperty().bind(jvmPickerError.visibleProperty());
        // Never wider or taller than the window.
        pickerCard.prefWidthProperty().bind(widthProperty().multiply(0.9).map(w -> Math.min(980, w.doubleValue())));
        pickerCard.prefHeightProperty().bind(heightProperty().multiply(0.85).map(h -> Math.min(620, h.doubleValue())));
        remoteSaved.valueProperty().subscribe(jvm -> {
            if (jvm != null) {
                remoteUrl.setText(jvm.url());
                remoteUser.setText(jvm.user());
                remoteTrustStore.setText(jvm.trustStore());
                remotePassword.clear();
                remotePassword.requestFocus();
            }
        });
        background(kept::load, list -> remoteSaved.getItems().setAll(list));
        // A click beside the card closes it, as with the other cards; one on the card does not.
        pickerCard.setOnMouseClicked(javafx.event.Event::consume);
    }

    /** Enter in the filter: observes the selected JVM, else the first shown that can be observed. */
    @FXML
    private void observeFirst() {
        if (jvmTable.getSelectionModel().isEmpty() && !shown.isEmpty()) {
            jvmTable.getSelectionModel().select(firstObservable());
        }
        observeSelected();
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
    @FXML
    public void observeSelected() {
        LocalJvm jvm = jvmTable.getSelectionModel().getSelectedItem();
        if (jvm == null || session.attachingProperty().get()) {
            return;
        }
        if (!jvm.observable().canAttach()) {
            jvmPickerStatus.setText(Messages.text("observe.picker.cannot", jvm.pid(), jvm.why()));
            return;
        }
        session.attach(jvm.pid());
    }

    /** Observes the remote JVM the fields name; the password is used for this connection only, never kept. */
    @FXML
    private void connectRemote() {
        String url = remoteUrl.getText().strip();
        if (url.isEmpty()) {
            remoteStatus.setText(Messages.text("observe.remote.no-url"));
            remoteUrl.requestFocus();
            return;
        }
        String user = remoteUser.getText().strip();
        String store = remoteTrustStore.getText().strip();
        session.connect(new JmxTarget(url, user.isEmpty() ? null : user, remotePassword.getText().toCharArray(),
                store.isEmpty() ? null : java.nio.file.Path.of(store),
                remoteTrustStorePassword.getText().isEmpty() ? null : remoteTrustStorePassword.getText().toCharArray()));
    }

    /** Keeps the URL, user and truststore path in the user's config folder; never the passwords. */
    @FXML
    private void saveRemote() {
        String url = remoteUrl.getText().strip();
        if (url.isEmpty()) {
            remoteStatus.setText(Messages.text("observe.remote.no-url"));
            return;
        }
        var jvm = new RemoteJvm(url, remoteUser.getText().strip(), remoteTrustStore.getText().strip());
        background(() -> kept.keep(jvm), list -> {
            remoteSaved.getItems().setAll(list);
            remoteStatus.setText(Messages.text("observe.remote.kept", kept.file()));
        });
    }

    @FXML
    private void forgetRemote() {
        RemoteJvm jvm = remoteSaved.getValue();
        if (jvm != null) {
            background(() -> kept.forget(jvm), list -> {
                remoteSaved.getItems().setAll(list);
                remoteSaved.setValue(null);
            });
        }
    }

    private interface Io<T> {
        T run() throws java.io.IOException;
    }

    /** File work off the FX thread; its outcome (or its one-line failure) on it. */
    private <T> void background(Io<T> work, java.util.function.Consumer<T> then) {
        dev.loomscope.ui.fx.FxThread.whenDone(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return work.run();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), (T result, Throwable error) -> {
            if (error != null) {
                Throwable cause = error.getCause() instanceof java.io.UncheckedIOException io ? io.getCause() : error;
                remoteStatus.setText(Messages.text("observe.remote.file-failed", kept.file(), cause.getMessage()));
            } else {
                then.accept(result);
            }
        });
    }

    /** Shows the card and lists the JVMs afresh. */
    public void show() {
        setVisible(true);
        refresh();
        jvmFilter.requestFocus();
    }

    @FXML
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
    @FXML
    public void refresh() {
        if (listing) {
            return;
        }
        listing = true;
        jvmPickerStatus.setText(Messages.text("observe.picker.listing"));
        session.list((list, problem) -> {
            listing = false;
            if (problem != null) {
                jvmPickerStatus.setText(Messages.text("observe.picker.list-failed", problem.getMessage()));
                return;
            }
            LocalJvm selected = jvmTable.getSelectionModel().getSelectedItem();
            jvms.setAll(list);
            jvmPickerStatus.setText(session.attachingProperty().get() ? jvmPickerStatus.getText() : Messages.text("observe.picker.listed", list.size()));
            if (selected != null) {
                shown.stream().filter(jvm -> jvm.pid() == selected.pid()).findFirst().ifPresent(jvmTable.getSelectionModel()::select);
            } else if (!shown.isEmpty()) {
                jvmTable.getSelectionModel().select(firstObservable());
            }
        });
    }
}
