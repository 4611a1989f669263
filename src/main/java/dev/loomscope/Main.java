package dev.loomscope;

import dev.loomscope.cli.LoomScopeCommand;

/**
 * Opens the window when given no arguments; otherwise runs a headless subcommand.
 * Kept free of JavaFX types so the headless commands never load the toolkit.
 */
public final class Main {

    private Main() {
    }

    /**
     * Why the window cannot open here, in plain words, or null if it can. On Linux the toolkit needs
     * an X11 or Wayland display (or JavaFX's headless platform, which tests use).
     */
    static String missingDisplay(java.util.Map<String, String> env, String osName, String glassPlatform) {
        boolean linux = osName != null && osName.toLowerCase(java.util.Locale.ROOT).contains("linux");
        if (!linux || "Headless".equalsIgnoreCase(glassPlatform) || env.containsKey("DISPLAY") || env.containsKey("WAYLAND_DISPLAY")) {
            return null;
        }
        return dev.loomscope.text.Text.get("cli.no-display");
    }

    public static void main(String[] args) {
        dev.loomscope.ui.app.StartupTrace.mark("main");
        dev.loomscope.text.Text.writeNumbersAsTheWordsDo();
        // serve's HikariCP logs through SLF4J, which with no provider says three lines on stderr that it will log nothing:
        // that is what we want (runner JVMs are started so too).
        if (System.getProperty(dev.loomscope.launcher.JvmLauncher.SLF4J_VERBOSITY) == null) {
            System.setProperty(dev.loomscope.launcher.JvmLauncher.SLF4J_VERBOSITY, "ERROR");
        }
        String[] command = windowOptionsAlone(args) ? prepend("window", args) : args;
        boolean opensAWindow = WINDOW_COMMANDS.contains(command[0]) && !isHelp(command) && !dev.loomscope.ui.app.WindowCommand.listsPresets(command);
        // Said by the window's commands once their options are read and found good: a bad option is named
        // (exit code 2) whether or not there is a display, and only good ones hear that a display is needed.
        String missing = missingDisplay(System.getenv(), System.getProperty("os.name"), System.getProperty("glass.platform"));
        if (args.length == 0 && missing != null) {
            System.err.println(missing);
            System.exit(LoomScopeCommand.EXIT_RUN_FAILED);
        }
        boolean checkOnly = dev.loomscope.ui.app.WindowCommand.checksOnly();
        if (args.length == 0 && checkOnly) {
            System.exit(missing == null ? 0 : LoomScopeCommand.EXIT_RUN_FAILED);
        }
        if (args.length == 0) {
            // The start a presenter makes (./loomscope, the menu entry): no options, so none to read, and
            // picocli, whose classes the JVM's start-up cache cannot hold, stays out of it (about 0.1 s).
            System.exit(dev.loomscope.ui.app.WindowLaunch.launchWindow(dev.loomscope.ui.app.WindowCommand.Settings.DEFAULT));
        }
        if (command[0].equals("window")) {
            if (opensAWindow && missing == null && !checkOnly) {
                // The toolkit comes up while picocli reads the options (see startToolkit).
                dev.loomscope.ui.app.WindowLaunch.startToolkit();
            }
            // The window's options alone: building every headless command first (their Jackson, their
            // option tables) would cost the window a few hundred ms of its start.
            System.exit(LoomScopeCommand.alone(new dev.loomscope.ui.app.WindowCommand(missing), "loomscope window")
                    .execute(java.util.Arrays.copyOfRange(command, 1, command.length)));
        }
        System.exit(LoomScopeCommand.commandLine(new dev.loomscope.ui.app.WindowCommand(missing), new dev.loomscope.ui.app.FrameBenchmark(missing))
                .execute(command));
    }

    /** The subcommands that open a window. */
    static final java.util.Set<String> WINDOW_COMMANDS = java.util.Set.of("window", "ui-bench");

    /** No subcommand, only options such as {@code --preset waiting-10k --autorun}: they are the window's. */
    static boolean windowOptionsAlone(String[] args) {
        if (args.length == 0) {
            return true;
        }
        return args[0].startsWith("--") && !java.util.List.of("--help", "--version").contains(args[0]);
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    private static boolean isHelp(String[] command) {
        return java.util.Arrays.asList(command).contains("--help") || java.util.Arrays.asList(command).contains("-h");
    }
}
