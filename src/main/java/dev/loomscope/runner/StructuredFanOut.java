package dev.loomscope.runner;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;

/**
 * The structured executor: one StructuredTaskScope (JEP 505) opened by the submitting thread, a
 * subtask forked on a virtual thread for each task, then joined, as a plain program's
 * {@code try (var scope = StructuredTaskScope.open()) { fork...; scope.join(); }} does. Its default
 * joiner waits for every subtask to succeed, or cancels the scope when one fails: the threads of
 * the subtasks still running are interrupted, and subtasks forked after that never start.
 *
 * <p>StructuredTaskScope is a preview API in JDK 25. LoomScope is compiled without preview
 * features, so that its window and every other run never depend on one: the API is reached here
 * through method handles, and only this executor's runner JVM starts with --enable-preview. When the
 * API is final this becomes plain calls.
 */
final class StructuredFanOut implements AutoCloseable {

    private static final Class<?> SCOPE;
    private static final MethodHandle OPEN;
    private static final MethodHandle FORK;
    private static final MethodHandle JOIN;
    private static final MethodHandle CLOSE;
    private static final Class<?> FAILED_EXCEPTION;

    static {
        try {
            var lookup = MethodHandles.publicLookup();
            SCOPE = Class.forName("java.util.concurrent.StructuredTaskScope");
            Class<?> subtask = Class.forName("java.util.concurrent.StructuredTaskScope$Subtask");
            OPEN = lookup.findStatic(SCOPE, "open", MethodType.methodType(SCOPE));
            FORK = lookup.findVirtual(SCOPE, "fork", MethodType.methodType(subtask, Callable.class));
            JOIN = lookup.findVirtual(SCOPE, "join", MethodType.methodType(Object.class));
            CLOSE = lookup.findVirtual(SCOPE, "close", MethodType.methodType(void.class));
            FAILED_EXCEPTION = Class.forName("java.util.concurrent.StructuredTaskScope$FailedException");
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError("StructuredTaskScope is not as JDK 25 has it: " + e);
        }
    }

    private final Object scope;
    /** Which tasks began: a subtask forked once the scope was cancelled never does (written by the subtasks, read after close()). */
    private final boolean[] started;
    private int forked;

    /** Opens the scope: the calling thread owns it, and must fork, join and close it. */
    StructuredFanOut(int tasks) {
        try {
            this.scope = OPEN.invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("Could not open a StructuredTaskScope (is --enable-preview on?): " + e, e);
        }
        this.started = new boolean[tasks];
    }

    /** Forks task {@code id} as a subtask; {@code fails} says whether it is the one that fails. */
    void fork(int id, Runnable task, boolean fails) {
        Callable<Void> subtask = () -> {
            started[id] = true;
            task.run();
            if (fails) {
                throw new Workload.PlannedFailure(id);
            }
            return null;
        };
        try {
            FORK.invoke(scope, subtask);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        forked++;
    }

    /** Waits for the subtasks to succeed, or for the failure that cancels the scope (the planned outcome, not an error here). */
    void join() throws InterruptedException {
        try {
            JOIN.invoke(scope);
        } catch (InterruptedException e) {
            throw e;
        } catch (Throwable e) {
            if (!FAILED_EXCEPTION.isInstance(e)) {
                throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
            }
        }
    }

    /**
     * Closes the scope, which waits for every subtask's thread to end, then tells {@code neverStarted}
     * each forked task that never began (its thread was never started, as the scope was cancelled).
     */
    void closeThen(IntConsumer neverStarted) {
        close();
        for (int id = 0; id < forked; id++) {
            if (!started[id]) {
                neverStarted.accept(id);
            }
        }
    }

    @Override
    public void close() {
        try {
            CLOSE.invoke(scope);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
