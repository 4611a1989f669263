package dev.loomscope.protocol;

/**
 * Where a run's outside service is, as the launching process tells the runner JVM: the keys of
 * its {@code key=value} arguments, and the environment variable that carries a database password
 * (a command line is readable by every user of the machine, a process's environment only by its owner).
 */
public final class ServiceArgs {

    public static final String JDBC_URL = "jdbc-url";
    public static final String JDBC_USER = "jdbc-user";
    public static final String JDBC_PASSWORD_ENV = "LOOMSCOPE_JDBC_PASSWORD";
    /** The URL a task GETs; the service answers after the delay given in its {@code ms} query parameter. */
    public static final String HTTP_URL = "http-url";
    /** The folder of the file mode's named pipes: {@link #FIFO_REQUESTS} and one per task, named by its number. */
    public static final String FIFO_DIR = "fifo-dir";
    /** The pipe on which a task asks for its byte: its number, 4 bytes big-endian. */
    public static final String FIFO_REQUESTS = "requests";

    private ServiceArgs() {
    }
}
