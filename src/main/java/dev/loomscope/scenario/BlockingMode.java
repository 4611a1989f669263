package dev.loomscope.scenario;

import dev.loomscope.text.Text;

/** How a task waits for its sleep time; each shows a different pinning behaviour on JDK 25. */
public enum BlockingMode implements CliNamed {
    /** {@code Thread.sleep}: a virtual thread unmounts and frees its carrier. */
    SLEEP("sleep"),
    /** Sleep while holding a monitor: pinned before JDK 24, not since JEP 491. */
    SYNCHRONIZED("synchronized"),
    /** Sleep inside an upcall from native code (qsort): a native frame pins the carrier. */
    NATIVE("native"),
    /** Sleep inside a static initializer: the VM frame pins the carrier. */
    CLASS_INIT("class-init");

    private final String cliName;

    BlockingMode(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    public static BlockingMode fromCliName(String name) {
        return CliNamed.byCliName(BlockingMode.class, name, Text.get("scenario.blocking-mode"));
    }

    public static String names() {
        return CliNamed.names(BlockingMode.class);
    }
}
