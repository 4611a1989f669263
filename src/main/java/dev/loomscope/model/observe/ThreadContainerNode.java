package dev.loomscope.model.observe;

import java.util.List;

/**
 * One node of a thread dump's container tree: the root, an executor (a thread-per-task executor,
 * a pool, the ForkJoinPool behind the scheduler) or a structured task scope.
 *
 * @param name            the container as the dump names it ("java.util.concurrent.ThreadPerTaskExecutor@f98029", "&lt;root&gt;")
 * @param ownerThreadId   the thread that owns it (a scope's owner), or -1
 * @param virtualThreads  virtual threads directly in it
 * @param platformThreads platform threads directly in it
 * @param children        containers whose parent it is, in the dump's order
 */
public record ThreadContainerNode(String name, long ownerThreadId, int virtualThreads, int platformThreads, List<ThreadContainerNode> children) {

    public ThreadContainerNode {
        children = List.copyOf(children);
    }

    /** Virtual threads in this container and every container below it. */
    public int virtualThreadsBelow() {
        return virtualThreads + children.stream().mapToInt(ThreadContainerNode::virtualThreadsBelow).sum();
    }
}
