package dev.loomscope.model;

import dev.loomscope.protocol.Sample;
import dev.loomscope.text.Text;
import dev.loomscope.protocol.JfrEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished run played again at any speed: its recorded events are fed, in time order, into a
 * fresh model (the replica) up to the replay's position, so every view shows the run as it was
 * at that moment. Going back rebuilds the replica from the start. JFR events land at their own
 * time here, not a second late as they did live.
 */
public final class Replay implements Replayable {

    /** The speeds a replay plays at, slowest first. */
    public static final java.util.List<Double> SPEEDS = java.util.List.of(0.1, 0.25, 0.5, 1.0, 2.0);

    private final RunModel source;
    private final Recording recording;
    private final int[] order;
    private final List<Sample> samples;
    private final List<LaneEvent> otherJfrEvents;
    private final PinLog pins;
    private final int[] pinOrder;
    private final double durationMs;
    private RunModel replica;
    private int nextEvent;
    private int nextSample;
    private int nextJfr;
    private int nextPin;
    private double positionMs;

    /** @throws IllegalArgumentException if the run has not ended or kept no recording */
    public Replay(RunModel finishedRun) {
        this.source = finishedRun;
        this.recording = finishedRun.recording();
        if (recording == null) {
            throw new IllegalArgumentException(Text.get(finishedRun.phase() == RunModel.Phase.FINISHED ? "replay.none.dropped" : "replay.none.running",
                    finishedRun.title()));
        }
        this.order = recording.timeOrder();
        this.samples = recording.samples();
        // JFR delivers in batches a second late: put its events in time order for the replay. Every pin is replayed, from the
        // pin log (the event list keeps only its first events); the list's other events (GC, failed submits) beside them.
        this.otherJfrEvents = finishedRun.jfrEvents().stream().filter(e -> !JfrEvent.PINNED.equals(e.event().kind()))
                .sorted(java.util.Comparator.comparingLong((LaneEvent e) -> e.event().timeNanos())).toList();
        this.pins = finishedRun.pins();
        this.pinOrder = pins.timeOrder();
        double lastEvent = recording.size() == 0 ? 0 : recording.timeNanos(order[recording.size() - 1]) / 1e6;
        this.durationMs = Math.max(lastEvent, finishedRun.result() == null ? 0 : finishedRun.result().elapsedMs());
        restart();
    }

    private void restart() {
        replica = RunModel.replicaOf(source);
        nextEvent = 0;
        nextSample = 0;
        nextJfr = 0;
        nextPin = 0;
        positionMs = 0;
    }

    public RunModel source() {
        return source;
    }

    /** The model the views show while replaying; a new one after seeking backwards. */
    public RunModel replica() {
        return replica;
    }

    @Override
    public double durationMs() {
        return durationMs;
    }

    @Override
    public double positionMs() {
        return positionMs;
    }

    @Override
    public boolean atEnd() {
        return positionMs >= durationMs;
    }

    /** Moves to {@code ms} into the run (clamped to it), feeding the replica what happened until then. */
    @Override
    public void seek(double ms) {
        double target = Math.clamp(ms, 0, durationMs);
        if (target < positionMs) {
            restart();
        }
        long limitNanos = (long) (target * 1e6);
        int from = nextEvent;
        while (nextEvent < order.length && recording.timeNanos(order[nextEvent]) <= limitNanos) {
            nextEvent++;
        }
        if (nextEvent > from) {
            replica.replayEvents(recording, order, from, nextEvent);
        }
        while (nextSample < samples.size() && samples.get(nextSample).timeNanos() <= limitNanos) {
            replica.onSample(samples.get(nextSample++));
        }
        replayJfrUpTo(limitNanos);
        positionMs = target;
        replica.setReplayClockMs(target);
        if (atEnd() && replica.phase() != RunModel.Phase.FINISHED) {
            replica.finish(source.result());
        }
    }

    /** Feeds the replica the JFR events up to {@code limitNanos}, pins and others merged in time order, in batches of bounded size. */
    private void replayJfrUpTo(long limitNanos) {
        var batch = new ArrayList<JfrEvent>();
        while (true) {
            boolean otherDue = nextJfr < otherJfrEvents.size() && otherJfrEvents.get(nextJfr).event().timeNanos() <= limitNanos;
            boolean pinDue = nextPin < pinOrder.length && pins.timeNanos(pinOrder[nextPin]) <= limitNanos;
            if (!otherDue && !pinDue) {
                break;
            }
            if (otherDue && (!pinDue || otherJfrEvents.get(nextJfr).event().timeNanos() <= pins.timeNanos(pinOrder[nextPin]))) {
                batch.add(otherJfrEvents.get(nextJfr++).event());
            } else {
                batch.add(pins.get(pinOrder[nextPin++]).event());
            }
            if (batch.size() == BATCH) {
                replica.onJfrEvents(List.copyOf(batch));
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            replica.onJfrEvents(List.copyOf(batch));
        }
    }

    /** JFR events fed to the replica at once: a seek to the end of a run that pinned a million times makes them a batch at a time. */
    private static final int BATCH = 10_000;

    public int eventsRecorded() {
        return order.length;
    }
}
