package dev.loomscope.testing;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds an event batch as the runner's frames carry it, in the order the events were added, for
 * feeding a model or a listener:
 *
 * <pre>{@code
 * EventBatch batch = new Events().platform(EventType.STARTED, 0, 1.0, 101).platform(EventType.FINISHED, 0, 5.0, 101).batch();
 * }</pre>
 */
public final class Events {

    /** One lifecycle event: what happened to which task, when (ns since the run began), on which thread and carrier. */
    public record Event(EventType type, int task, long timeNanos, long thread, long carrier) {
    }

    private final List<Event> events = new ArrayList<>();

    public Events add(EventType type, int task, double timeMs, long thread, long carrier) {
        return add(new Event(type, task, (long) (timeMs * 1e6), thread, carrier));
    }

    public Events add(Event event) {
        events.add(event);
        return this;
    }

    /** A platform-thread event: the thread is its own carrier. */
    public Events platform(EventType type, int task, double timeMs, long thread) {
        return add(type, task, timeMs, thread, thread);
    }

    public boolean isEmpty() {
        return events.isEmpty();
    }

    /** The events added so far, as one batch in the wire format: times up to about 2 s apart, as in the runner's frames. */
    public EventBatch batch() {
        var buffer = ByteBuffer.allocate(EventBatch.HEADER_BYTES + events.size() * EventBatch.BYTES_PER_EVENT);
        long base = events.stream().mapToLong(Event::timeNanos).min().orElse(0);
        buffer.putLong(base).putInt(0);
        for (EventType type : EventType.values()) {
            buffer.putInt((int) events.stream().filter(e -> e.type() == type).count());
        }
        for (Event e : events) {
            buffer.put(e.type().code()).putInt(e.task()).putInt(Math.toIntExact(e.timeNanos() - base)).putInt((int) e.thread()).putInt((int) e.carrier());
        }
        return EventBatch.of(buffer.flip());
    }
}
