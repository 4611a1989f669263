package dev.loomscope.scenario;

/**
 * How a task gets its expensive object when the scenario gives it one ({@code thread-local-kb}).
 */
public enum Sharing implements CliNamed {
    /** From a ThreadLocal cache, one object per thread, as code written for pools does: the trap. */
    THREAD_LOCAL("threadlocal"),
    /** One object made once and bound for the task's run by a ScopedValue (JDK 25, JEP 506): what replaces the cache. */
    SCOPED_VALUE("scopedvalue");

    private final String cliName;

    Sharing(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    public static Sharing fromCliName(String name) {
        return CliNamed.byCliName(Sharing.class, name, "sharing");
    }

    public static String names() {
        return CliNamed.names(Sharing.class);
    }
}
