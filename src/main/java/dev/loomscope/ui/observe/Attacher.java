package dev.loomscope.ui.observe;

import dev.loomscope.attach.AttachException;
import dev.loomscope.attach.JmxTarget;
import dev.loomscope.attach.LocalJvm;
import dev.loomscope.attach.LocalJvms;
import dev.loomscope.attach.ObserveOptions;
import dev.loomscope.attach.Observer;
import dev.loomscope.ui.fx.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where the window finds JVMs and starts observing one. Both block: call them off the FX thread. */
public interface Attacher {

    /** This user's JVMs on this machine. */
    List<LocalJvm> list();

    /** Starts observing the JVM with this pid; the exception's message is one line for the user. */
    Observed attach(long pid) throws AttachException;

    /** Starts observing a JVM through its own JMX agent (user, password, TLS trust as {@code target} says). */
    default Observed connect(JmxTarget target) throws AttachException {
        throw new AttachException(Messages.text("observe.remote.unavailable", target.url()));
    }

    /**
     * Why the local process {@code pid} cannot be observed, found without attaching (no such process, not a
     * JVM, another user's), or empty; for a script, before a window opens. Blocks briefly (reads the JVMs' files).
     */
    static java.util.Optional<String> whyNotObservable(long pid) {
        return LocalJvms.whyNotObservable(pid);
    }

    /** The machine's JVMs, through the Attach API; each observation's recording goes to a file in {@code jfrFolder}. */
    static Attacher local(Path jfrFolder) {
        return new Attacher() {
            @Override
            public List<LocalJvm> list() {
                return LocalJvms.list();
            }

            @Override
            public Observed attach(long pid) throws AttachException {
                Path jfr = recordingFile("observed-" + pid);
                return Observed.of(Observer.attach(pid, ObserveOptions.DEFAULTS.withJfrFile(jfr)), jfr);
            }

            @Override
            public Observed connect(JmxTarget target) throws AttachException {
                Path jfr = recordingFile("observed-remote");
                return Observed.of(Observer.connect(target, ObserveOptions.DEFAULTS.withJfrFile(jfr)), jfr);
            }

            private Path recordingFile(String name) throws AttachException {
                Path jfr;
                try {
                    Files.createDirectories(jfrFolder);
                    jfr = jfrFolder.resolve(name + "-" + System.currentTimeMillis() + ".jfr");
                    // Deleted when the app exits, after the observation's last stop has written it (files before their folder).
                    jfrFolder.toFile().deleteOnExit();
                    jfr.toFile().deleteOnExit();
                } catch (IOException e) {
                    throw new AttachException(Messages.text("observe.recording.no-folder", e.getMessage()), e);
                }
                return jfr;
            }
        };
    }
}
