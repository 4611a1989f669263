package dev.loomscope.model;

/**
 * The task state machine of a {@link RunModel}: each task's state, one byte each
 * ({@link TaskState}), moved by its lifecycle events, and how many tasks each kind of event has
 * reached. Events of a task may arrive out of order: a state only moves forward, and a task moves
 * between running and waiting only until it is done. The run's reader thread writes; readers see
 * plain fields, published by the model's version.
 */
final class TaskStates {

    private final byte[] states;
    private long submitted;
    private long started;
    private long finished;
    private long failed;
    private long cancelled;
    /** Tasks whose state is {@link TaskState#WAITING}, kept with the states so the two never disagree. */
    private long waitingNow;

    TaskStates(int tasks) {
        this.states = new byte[tasks];
    }

    /** Whether {@code task} is one of the run's (an event of any other is ignored). */
    boolean isTask(int task) {
        return task >= 0 && task < states.length;
    }

    void submitted(int task) {
        submitted++;
        advance(task, TaskState.QUEUED);
    }

    void started(int task) {
        started++;
        advance(task, TaskState.RUNNING);
    }

    void blocked(int task) {
        setIfBefore(task, TaskState.WAITING, TaskState.DONE);
    }

    void resumed(int task) {
        setIfBefore(task, TaskState.RUNNING, TaskState.DONE);
    }

    void finished(int task) {
        finished++;
        advance(task, TaskState.DONE);
    }

    void failed(int task) {
        failed++;
        advance(task, TaskState.FAILED);
    }

    void cancelled(int task) {
        cancelled++;
        advance(task, TaskState.CANCELLED);
    }

    /** JFR saw the task pinned: a flag that stays whatever its state. */
    void pinned(int task) {
        states[task] |= TaskState.PINNED_FLAG;
    }

    /** One byte per task ({@link TaskState}); read-only for callers. */
    byte[] bytes() {
        return states;
    }

    long submitted() {
        return submitted;
    }

    long finished() {
        return finished;
    }

    long failed() {
        return failed;
    }

    long cancelled() {
        return cancelled;
    }

    /** Tasks started and not yet ended, never below zero. */
    long running() {
        return Math.max(0, started - finished - failed - cancelled);
    }

    /**
     * Tasks in their blocking call now, as the task waves show them. Counted from the states, not from the blocking
     * events: a task cancelled or failed in its wait has no resume, and a structured scope's 999 cancelled tasks stayed
     * "waiting" after their run had ended.
     */
    long waiting() {
        return waitingNow;
    }

    private void advance(int task, byte state) {
        byte value = states[task];
        if (TaskState.state(value) < state) {
            become(task, value, state);
        }
    }

    /** Moves between running and waiting, never back from done (events of a task may arrive out of order). */
    private void setIfBefore(int task, byte state, byte limit) {
        byte value = states[task];
        if (TaskState.state(value) < limit) {
            become(task, value, state);
        }
    }

    private void become(int task, byte value, byte state) {
        if (TaskState.state(value) == TaskState.WAITING) {
            waitingNow--;
        }
        if (state == TaskState.WAITING) {
            waitingNow++;
        }
        states[task] = (byte) ((value & TaskState.PINNED_FLAG) | state);
    }
}
