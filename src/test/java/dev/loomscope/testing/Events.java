package dev.loomscope.model;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Builds event batches as the runner's frames carry them (base time 0), for feeding a model. */
final class Events {

    private record Event(EventType type, int task, long timeNanos, long thread, long carrier) {
    }

    private final List<Event> events = new ArrayList<>();

    Events add(EventType type, int task, double timeMs, long thread, long carrier) {
        events.add(new Event(type, task, (long) (timeMs * 1e6), thread, carrier));
        return this;
    }

    /** A platform-thread event: the thread is its own carrier. */
    Events platform(EventType type, int task, double timeMs, long thread) {
        return add(type, task, timeMs, thread, thread);
    }

    EventBatch batch() {
        var buffer = ByteBuffer.allocate(EventBatch.HEADER_BYTES + events.size() * EventBatch.BYTES_PER_EVENT);
        buffer.putLong(0).putInt(0);
        for (EventType type : EventType.values()) {
            buffer.putInt((int) events.stream().filter(e -> e.type() == type).count());
        }
        for (Event e : events) {
            buffer.put(e.type().code()).putInt(e.task()).putInt((int) e.timeNanos()).putInt((int) e.thread()).putInt((int) e.carrier());
        }
        return EventBatch.of(buffer.flip());
    }
}
