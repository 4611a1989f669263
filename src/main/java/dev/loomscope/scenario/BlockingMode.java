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
    CLASS_INIT("class-init"),
    /** One query that waits on a database server, through a connection pool: the wait of a service's JDBC call. */
    JDBC("jdbc"),
    /** One HTTP GET to a service that answers after the sleep time ({@code java.net.http.HttpClient}). */
    HTTP("http"),
    /** One blocking read from a named pipe that a writer outside the runner feeds after the sleep time. */
    FILE("file"),
    /** A timed wait on a {@code ReentrantLock}'s condition that nobody signals: it returns after the sleep time. */
    LOCK("lock"),
    /** {@code Object.wait(ms)} inside {@code synchronized}, nobody notifying: the monitor's own wait. */
    WAIT("wait");

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

    /** Whether the task waits on a service outside the runner JVM, which the launching process starts for the run. */
    public boolean needsService() {
        return this == JDBC || this == HTTP || this == FILE;
    }

    public static String names() {
        return CliNamed.names(BlockingMode.class);
    }
}
