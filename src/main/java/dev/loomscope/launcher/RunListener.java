package dev.loomscope.launcher;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.protocol.Sample;
import java.util.List;

/**
 * Receives a run as it happens, on the runner's reader thread (never the UI thread). Events come
 * in batches of up to a few thousand, every few milliseconds; a UI coalesces them per frame.
 */
public interface RunListener {

    RunListener NONE = new RunListener() {};

    default void onHello(RunnerHello hello) {
    }

    /** The run's clock started: event and sample times count from here. */
    default void onStarted(RunStart start) {
    }

    default void onEvents(EventBatch batch) {
    }

    default void onSample(Sample sample) {
    }

    /** JFR events, about a second late (JFR's flush interval), each with its own time on the run's clock. */
    default void onJfrEvents(List<JfrEvent> events) {
    }
}
