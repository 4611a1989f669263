package dev.loomscope.engine;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How a task waits for its sleep time; each shows a different pinning behaviour on JDK 25. */
public enum BlockingMode {
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

    public String cliName() {
        return cliName;
    }

    public static BlockingMode fromCliName(String name) {
        for (BlockingMode mode : values()) {
            if (mode.cliName.equalsIgnoreCase(name.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown blocking mode '" + name + "'; expected one of " + names());
    }

    public static String names() {
        return Arrays.stream(values()).map(BlockingMode::cliName).collect(Collectors.joining(", "));
    }
}
