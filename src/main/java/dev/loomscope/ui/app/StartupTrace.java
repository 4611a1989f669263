package dev.loomscope.ui.app;

/**
 * With {@code -Dloomscope.startup.trace=true}, one line on stderr per step of the window's start,
 * in ms since the JVM started: where a start's time goes. Off, each mark tests one constant.
 */
public final class StartupTrace {

    private static final boolean ON = Boolean.getBoolean("loomscope.startup.trace");

    private StartupTrace() {
    }

    public static void mark(String step) {
        if (ON) {
            long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
            System.err.println("loomscope: startup " + uptime + " ms " + step);
        }
    }
}
