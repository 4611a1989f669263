package dev.loomscope.cli;

import dev.loomscope.launcher.RunStarter;
import dev.loomscope.launcher.Runner;
import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The headless face of LoomScope: {@code loomscope run ...}, {@code loomscope bench ...}. */
@Command(name = "loomscope", mixinStandardHelpOptions = true, versionProvider = LoomScopeCommand.Version.class,
        description = "See Java virtual threads at work. With no arguments, opens the window (the same as 'loomscope window').",
        subcommands = {RunCommand.class, SweepCommand.class, BenchCommand.class, StageBenchCommand.class, StartupBenchCommand.class,
                ServeCommand.class, LoadCommand.class, AttachCommand.class,
                CommandLine.HelpCommand.class})
public final class LoomScopeCommand {

    /** Exit code of a run that did not complete (the runner failed or a target was missed). */
    public static final int EXIT_RUN_FAILED = 1;
    /** Exit code of a bad command line: picocli's usage code. */
    public static final int EXIT_USAGE = CommandLine.ExitCode.USAGE;

    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    public static CommandLine commandLine() {
        return commandLine(new Object[0]);
    }

    /**
     * The command line with more subcommands: the window's commands live in the ui package, which
     * this headless package never names, so {@code Main} hands them in.
     */
    public static CommandLine commandLine(Object... moreSubcommands) {
        return commandLine(Runner::new, moreSubcommands);
    }

    /** One subcommand on its own, named {@code name} in its usage and errors, with the same one-line errors. */
    public static CommandLine alone(Object command, String name) {
        var commandLine = new CommandLine(command);
        commandLine.setCommandName(name);
        commandLine.setParameterExceptionHandler(LoomScopeCommand::oneLineError);
        return commandLine;
    }

    /** The command line whose {@code run} and {@code sweep} start their runs on {@code runs} instead of in runner JVMs. */
    public static CommandLine commandLineRunningOn(RunStarter runs) {
        return commandLine(() -> runs);
    }

    private static CommandLine commandLine(Supplier<RunStarter> runs, Object... moreSubcommands) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> type) throws Exception {
                if (type == RunCommand.class) {
                    return (K) new RunCommand(runs);
                }
                if (type == SweepCommand.class) {
                    return (K) new SweepCommand(runs);
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        var commandLine = new CommandLine(new LoomScopeCommand(), factory);
        for (Object subcommand : moreSubcommands) {
            commandLine.addSubcommand(subcommand);
        }
        commandLine.setParameterExceptionHandler(LoomScopeCommand::oneLineError);
        return commandLine;
    }

    /** Bad input: one line that names the problem and where to read more, then exit code 2. */
    private static int oneLineError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("loomscope: " + e.getMessage() + " (see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return EXIT_USAGE;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = LoomScopeCommand.class.getPackage().getImplementationVersion();
            return new String[] {"LoomScope " + (version != null ? version : "(development build)"),
                    "JVM: ${java.version} (${java.vendor} ${java.vm.name})"};
        }
    }
}
