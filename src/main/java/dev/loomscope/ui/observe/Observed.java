package dev.loomscope.ui.observe;

import dev.loomscope.attach.AttachException;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.attach.Observer;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.ui.fx.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM the window observes: its live {@link Observation}, and what the window can ask of it. Every
 * method but {@link #observation()} blocks, so the window calls them off the FX thread. Tests give
 * the window one over an observation they write themselves.
 */
public interface Observed {

    Observation observation();

    /** Takes a thread dump now (it lands in the observation too). */
    ThreadDump takeThreadDump() throws AttachException;

    /** Writes the recording so far (or, once stopped, all of it) to {@code file}. */
    void saveJfr(Path file) throws IOException;

    /** Stops observing: the recording in the target is closed; the data stays. Idempotent. */
    void stop();

    /** How late JFR's events have been arriving lately, in seconds; negative when not known. */
    default double lagSeconds() {
        return -1;
    }

    /**
     * An {@link Observer}'s observation. Its recording keeps everything and is written to
     * {@code jfrFile} when it stops, so the .jfr export is whole before and after.
     */
    static Observed of(Observer observer, Path jfrFile) {
        return new Observed() {
            @Override
            public Observation observation() {
                return observer.observation();
            }

            @Override
            public ThreadDump takeThreadDump() throws AttachException {
                return observer.takeThreadDump();
            }

            @Override
            public double lagSeconds() {
                return observer.lag().recentSeconds();
            }

            @Override
            public void saveJfr(Path file) throws IOException {
                if (!observer.observation().ended()) {
                    observer.dumpJfr(file);
                    return;
                }
                try {
                    // Stopping writes the whole recording to jfrFile: wait for it (the observer gives up on a silent target).
                    observer.awaitEnd(java.time.Duration.ofSeconds(20));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (jfrFile != null && Files.isRegularFile(jfrFile)) {
                    Files.copy(jfrFile, file); // to a path that does not exist yet (see ObserveSession.saveJfr)
                } else {
                    throw new IOException(Messages.text("observe.recording.not-kept"));
                }
            }

            @Override
            public void stop() {
                // As `loomscope attach` does: a last thread dump for its count of virtual threads, then stop.
                if (!observer.observation().ended()) {
                    try {
                        observer.takeThreadDump();
                    } catch (AttachException e) {
                        observer.observation().note(Messages.text("cli.attach.no-last-dump", e.getMessage()));
                    }
                }
                observer.stop(ObservationEnd.STOPPED, "stopped");
            }
        };
    }
}
