package dev.loomscope.scenario;

/** The executors LoomScope compares; {@link #cliName()} is how the command line spells each. */
public enum ExecutorKind implements CliNamed {
    FIXED("fixed", true),
    VIRTUAL("virtual", false),
    PLATFORM("platform", false),
    FORKJOIN("forkjoin", true),
    SINGLE("single", false),
    VIRTUAL_LIMITED("virtual-limited", false),
    /**
     * A virtual thread per subtask, forked from one StructuredTaskScope (JEP 505): a preview API in
     * JDK 25, so only this executor's runner JVM starts with --enable-preview.
     */
    STRUCTURED("structured", false);

    private final String cliName;
    private final boolean usesPool;

    ExecutorKind(String cliName, boolean usesPool) {
        this.cliName = cliName;
        this.usesPool = usesPool;
    }

    @Override
    public String cliName() {
        return cliName;
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
