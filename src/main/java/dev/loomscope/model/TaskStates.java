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
    private long finished;
    private long failed;
    private long cancelled;
    /**
     * How many tasks are in each state now, moved with each state so that the figures read from them (in flight,
     * waiting) never disagree with the task waves. Counted from the events instead, a task that ended in its wait (no
     * resume) stayed waiting, a submit that failed before its task started took one off the tasks in flight, and an
     * event that came before its start made the count dip.
     */
    private final long[] inState = new long[TaskState.STATES];
    /** The tasks {@link #endUnfinished} ended, once it has: their cells say a stop ended them, not their scope. */
    private volatile java.util.BitSet endedByTheRun;

    TaskStates(int tasks) {
        this.states = new byte[tasks];
        inState[TaskState.PENDING] = tasks;
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

    /**
     * The run's end names every pin's task from all it knows: exactly these tasks are shown pinned. Only a byte whose flag
     * differs is written, so a frame drawn meanwhile sees no task lose its mark and get it back.
     */
    void pinnedExactly(java.util.BitSet pinnedTasks) {
        for (int task = 0; task < states.length; task++) {
            byte value = states[task];
            boolean pinned = pinnedTasks.get(task);
            if (TaskState.pinned(value) != pinned) {
                states[task] = (byte) (pinned ? value | TaskState.PINNED_FLAG : value & ~TaskState.PINNED_FLAG);
            }
        }
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

    /** Tasks started and not yet ended: running or in their blocking call. */
    long running() {
        return inState[TaskState.RUNNING] + inState[TaskState.WAITING];
    }

    /** Tasks in their blocking call now, as the task waves show them. */
    long waiting() {
        return inState[TaskState.WAITING];
    }

    /**
     * The run ended before these tasks did (stopped, or its runner JVM died): those submitted and not yet ended end
     * cancelled, which is what a stop does to them. Without it a stopped run went on counting them in flight and
     * waiting after its end, their cells still running, waiting or queued.
     */
    void endUnfinished() {
        var ended = new java.util.BitSet();
        for (int task = 0; task < states.length; task++) {
            byte state = TaskState.state(states[task]);
            if (state == TaskState.QUEUED || state == TaskState.RUNNING || state == TaskState.WAITING) {
                ended.set(task);
            }
        }
        // Which ones first, then their states: a cell read in between already says why it is cancelled.
        endedByTheRun = ended;
        for (int task = ended.nextSetBit(0); task >= 0; task = ended.nextSetBit(task + 1)) {
            become(task, states[task], TaskState.CANCELLED);
        }
        cancelled += ended.cardinality();
    }

    /** How many tasks {@link #endUnfinished} ended; 0 before it, or for a run that completed. */
    long cutShort() {
        var ended = endedByTheRun;
        return ended == null ? 0 : ended.cardinality();
    }

    /** Whether {@link #endUnfinished} ended {@code task}. */
    boolean wasCutShort(int task) {
        var ended = endedByTheRun;
        return ended != null && ended.get(task);
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
        inState[TaskState.state(value)]--;
        inState[state]++;
        states[task] = (byte) ((value & TaskState.PINNED_FLAG) | state);
    }
}
