package dev.loomscope.ui.task;

import dev.loomscope.scenario.UserTask;
import java.util.function.Consumer;

/** What Run asks of the "Your task" tab: whether its code is the workload, and that code compiled. */
public interface UserCode {

    /** Whether Run calls the user's class in every task instead of LoomScope's own task. */
    boolean inUse();

    /** Hands the compiled class to {@code run} on the FX thread (compiling off it first if need be), or tells {@code refuse} why not. */
    void compiledThen(Consumer<UserTask> run, Consumer<String> refuse);

    /** Brings the tab forward, where the errors are marked. */
    void show();
}
