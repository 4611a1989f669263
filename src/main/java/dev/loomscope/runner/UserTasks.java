package dev.loomscope.runner;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.RunSummary;
import dev.loomscope.runner.telemetry.CarrierLookup;
import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.scenario.UserTask;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The user's own task as the body of every task in a run: a new instance of their Callable per
 * task, {@code call()} once, each step recorded in the {@link EventLog} as {@link Workload} records
 * its own. LoomScope sees where the call starts and ends, not where inside it the thread parks: the
 * call is recorded as the task's wait (BLOCKED to RESUMED), so a virtual thread's carrier shows free
 * during it unless JFR reports a pin, and a platform thread shows held. A call that throws is a
 * failed task; one interrupted (the structured scope cancelled) a cancelled task. The first exception
 * thrown goes to the parent in the run's summary, so the user reads what their code threw and where.
 */
final class UserTasks {

    private static final byte STARTED = EventType.STARTED.code();
    private static final byte BLOCKED = EventType.BLOCKED.code();
    private static final byte RESUMED = EventType.RESUMED.code();
    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final byte CANCELLED = EventType.CANCELLED.code();

    private final EventLog log;
    private final Constructor<? extends Callable<?>> constructor;
    private final AtomicLong endsUnrecorded = new AtomicLong();
    /** The first task to throw, and what it threw: only kept while the run goes, described after it. */
    private final AtomicReference<Thrown> firstThrown = new AtomicReference<>();
    private final String className;

    private UserTasks(EventLog log, Constructor<? extends Callable<?>> constructor) {
        this.log = log;
        this.constructor = constructor;
        this.className = constructor.getDeclaringClass().getName();
    }

    /**
     * Loads and initializes the user's class (on the runner's class path) before the run, so its
     * loading is not inside the first tasks. The launching process checked it already; a class
     * changed since fails here with a plain message.
     */
    @SuppressWarnings("unchecked")
    static UserTasks load(UserTask task, EventLog log) {
        Class<?> type;
        try {
            type = Class.forName(task.className(), true, UserTasks.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("Could not load " + task.className() + " from " + task.classFolder() + ": " + e, e);
        }
        if (!Callable.class.isAssignableFrom(type) || !Modifier.isPublic(type.getModifiers())) {
            throw new IllegalStateException(task.className() + " is not a public Callable");
        }
        try {
            return new UserTasks(log, (Constructor<? extends Callable<?>>) type.getConstructor());
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(task.className() + " has no public constructor without arguments");
        }
    }

    Runnable task(int id) {
        return () -> run(id);
    }

    long endsUnrecorded() {
        return endsUnrecorded.get();
    }

    private record Thrown(int task, Throwable cause) {
    }

    /**
     * The first exception a task threw (an interrupt is a cancellation, not one), or null: called once
     * the run has ended, because reading a stack's frames initializes JDK classes a virtual thread
     * would wait on, pinned, were several tasks to throw at once.
     */
    RunSummary.TaskError firstError() {
        Thrown thrown = firstThrown.get();
        return thrown == null ? null : new RunSummary.TaskError(thrown.task(), described(thrown.cause()), userFrame(thrown.cause()));
    }

    /** The exception and its message; the class alone if the user's getMessage() itself throws (the summary must still go). */
    private static String described(Throwable cause) {
        try {
            return cause.toString();
        } catch (RuntimeException e) {
            return cause.getClass().getName();
        }
    }

    private void run(int id) {
        boolean inCall = false;
        try {
            record(STARTED, id);
            Callable<?> callable = constructor.newInstance();
            record(BLOCKED, id);
            inCall = true;
            callable.call();
            inCall = false;
            record(RESUMED, id);
            record(FINISHED, id);
        } catch (Throwable e) {
            Throwable cause = e instanceof InvocationTargetException thrown && thrown.getCause() != null ? thrown.getCause() : e;
            ended(id, cause, inCall);
        }
    }

    /** @param inCall whether the call itself threw: it returned, by throwing, so the task stops waiting first */
    private void ended(int id, Throwable cause, boolean inCall) {
        boolean interrupted = cause instanceof InterruptedException;
        try {
            if (inCall) {
                record(RESUMED, id);
            }
            record(interrupted ? CANCELLED : FAILED, id);
        } catch (Throwable recordingFailed) {
            endsUnrecorded.incrementAndGet();
        }
        if (!interrupted && firstThrown.get() == null) {
            firstThrown.compareAndSet(null, new Thrown(id, cause));
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The top frame of the stack in the user's class (or a class nested in it), where they look for their line; or null. */
    private String userFrame(Throwable cause) {
        for (StackTraceElement frame : cause.getStackTrace()) {
            String owner = frame.getClassName();
            if (owner.equals(className) || owner.startsWith(className + "$")) {
                return frame.toString();
            }
        }
        return null;
    }

    private void record(byte type, int id) {
        log.record(type, id, Thread.currentThread().threadId(), CarrierLookup.currentCarrierId());
    }
}
