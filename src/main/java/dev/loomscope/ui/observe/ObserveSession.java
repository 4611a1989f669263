package dev.loomscope.ui.observe;

import dev.loomscope.attach.AttachException;
import dev.loomscope.attach.LocalJvm;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.Messages;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The window's side of observing: which JVM it observes, and the blocking work around it (listing,
 * attaching, thread dumps, stopping), each on a background thread with its outcome handed to the
 * FX thread. Its properties are read and its methods called on the FX thread only.
 */
public final class ObserveSession {

    private final Attacher attacher;
    private final ExecutorService background = Executors.newCachedThreadPool(Thread.ofPlatform().name("loomscope-observe-", 0).daemon().factory());
    private final ReadOnlyObjectWrapper<Observed> observed = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper attaching = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper dumping = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper attachError = new ReadOnlyStringWrapper("");
    /** The attach under way, if any: a second one waits for none, and a cancelled one is stopped when it lands. */
    private long attachingPid = -1;
    private boolean attachCancelled;
    private String attachingWhat = "";

    public ObserveSession(Attacher attacher) {
        this.attacher = attacher;
    }

    /** This user's JVMs, listed off the FX thread; the outcome on the FX thread. */
    public void list(java.util.function.BiConsumer<List<LocalJvm>, Throwable> then) {
        FxThread.whenDone(CompletableFuture.supplyAsync(attacher::list, background), then);
    }

    /**
     * Starts observing {@code pid} off the FX thread, stopping the JVM observed before; on success it
     * becomes {@link #observedProperty()}, on failure {@link #attachErrorProperty()} says why, as the
     * observer put it.
     */
    public void attach(long pid) {
        start(Messages.text("observe.picker.attaching", pid), Messages.text("attach.jvm.pid", pid), () -> attacher.attach(pid), pid);
    }

    /** As {@link #attach(long)}, through a JVM's own JMX agent; the password is used for this connection and then forgotten. */
    public void connect(dev.loomscope.attach.JmxTarget target) {
        start(Messages.text("observe.remote.connecting", target.url()), target.url(), () -> attacher.connect(target), -1);
    }

    private interface Start {
        Observed start() throws AttachException;
    }

    private void start(String doing, String who, Start how, long pid) {
        if (attaching.get()) {
            return;
        }
        attachingWhat = doing;
        attachingPid = pid;
        attaching.set(true);
        attachError.set("");
        attachCancelled = false;
        Observed before = observed.get();
        FxThread.whenDone(CompletableFuture.supplyAsync(() -> {
            if (before != null) {
                before.stop();
            }
            try {
                return how.start();
            } catch (AttachException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background), (now, error) -> {
            attaching.set(false);
            attachingPid = -1;
            if (error != null) {
                Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
                attachError.set(cause instanceof AttachException ? cause.getMessage() : Messages.text("observe.attach.failed", who, cause));
            } else if (attachCancelled) {
                background.execute(now::stop);
            } else {
                observed.set(now);
            }
        });
    }

    /** What the attach under way does, for the picker's status line ("Attaching to PID 4711..."). */
    public String attachingWhat() {
        return attachingWhat;
    }

    /** Gives up an attach under way: it is stopped as soon as it lands. */
    public void cancelAttach() {
        if (attaching.get()) {
            attachCancelled = true;
        }
    }

    public long attachingPid() {
        return attachingPid;
    }

    /** Stops observing (off the FX thread); the observation and its data stay shown. */
    public void stop() {
        Observed now = observed.get();
        if (now != null && !now.observation().ended()) {
            background.execute(now::stop);
        }
    }

    /** Whether a JVM is observed and its observation has not ended. */
    public boolean isObserving() {
        Observed now = observed.get();
        return now != null && !now.observation().ended();
    }

    /** Takes a thread dump off the FX thread; it lands in the observation, a failure in {@code problem}. */
    public void threadDump(Consumer<String> problem) {
        Observed now = observed.get();
        if (now == null || dumping.get()) {
            return;
        }
        if (now.observation().ended()) {
            problem.accept(Messages.text("observe.dump.ended"));
            return;
        }
        dumping.set(true);
        FxThread.whenDone(CompletableFuture.supplyAsync(() -> {
            try {
                return now.takeThreadDump();
            } catch (AttachException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background), (ThreadDump dump, Throwable error) -> {
            dumping.set(false);
            if (error != null) {
                problem.accept(error.getCause() != null ? error.getCause().getMessage() : error.toString());
            }
        });
    }

    /** Saves the observation's recording as .jfr off the FX thread. */
    public CompletableFuture<java.nio.file.Path> saveJfr(java.nio.file.Path file) {
        Observed now = observed.get();
        if (now == null) {
            return CompletableFuture.failedFuture(new java.io.IOException(Messages.text("observe.recording.none")));
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                // Whole or not at all: a partial recording never replaces a good file.
                dev.loomscope.io.AtomicFiles.writeAt(file, now::saveJfr);
                return file;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, background);
    }

    /** Forgets the observation (Back to the runs); a running one is stopped first. */
    public void close() {
        stop();
        observed.set(null);
        attachError.set("");
    }

    /**
     * The window closes: the recording in the target is closed before the app exits, on a thread
     * the JVM waits for (the observer gives up on a target that does not answer within seconds).
     */
    public void dispose() {
        Observed now = observed.get();
        if (now != null && !now.observation().ended()) {
            Thread.ofPlatform().name("loomscope-observe-stop").start(now::stop);
        }
        background.shutdown();
    }

    public ReadOnlyObjectProperty<Observed> observedProperty() {
        return observed.getReadOnlyProperty();
    }

    public Observed observed() {
        return observed.get();
    }

    public ReadOnlyBooleanProperty attachingProperty() {
        return attaching.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty dumpingProperty() {
        return dumping.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty attachErrorProperty() {
        return attachError.getReadOnlyProperty();
    }
}
