package dev.loomscope.scenario;

/** The executors LoomScope compares; {@link #cliName()} is how the command line spells each. */
public enum ExecutorKind implements CliNamed {
    FIXED("fixed", "fixed platform pool", true),
    VIRTUAL("virtual", "virtual thread per task", false),
    PLATFORM("platform", "platform thread per task", false),
    FORKJOIN("forkjoin", "ForkJoinPool", true),
    SINGLE("single", "single thread", false),
    VIRTUAL_LIMITED("virtual-limited", "virtual threads behind a semaphore", false),
    /**
     * A virtual thread per subtask, forked from one StructuredTaskScope (JEP 505): a preview API in
     * JDK 25, so only this executor's runner JVM starts with --enable-preview.
     */
    STRUCTURED("structured", "StructuredTaskScope, a virtual thread per subtask (preview in JDK 25)", false);

    private final String cliName;
    private final String description;
    private final boolean usesPool;

    ExecutorKind(String cliName, String description, boolean usesPool) {
        this.cliName = cliName;
        this.description = description;
        this.usesPool = usesPool;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** Whether the pool size setting applies (fixed and ForkJoinPool). */
    public boolean usesPool() {
        return usesPool;
    }

    /** Whether tasks run on virtual threads, so the carrier count matters. */
    public boolean isVirtual() {
        return this == VIRTUAL || this == VIRTUAL_LIMITED || this == STRUCTURED;
    }

    /** Whether the runner JVM needs --enable-preview for it (a preview API of this JDK). */
    public boolean isPreview() {
        return this == STRUCTURED;
    }

    public static ExecutorKind fromCliName(String name) {
        return CliNamed.byCliName(ExecutorKind.class, name, "executor");
    }

    public static String names() {
        return CliNamed.names(ExecutorKind.class);
    }
}
