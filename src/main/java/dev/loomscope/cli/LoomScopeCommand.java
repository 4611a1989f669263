package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.launcher.Runner;
import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;

/** The headless face of LoomScope: {@code loomscope run ...}, {@code loomscope bench ...}. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "loomscope", mixinStandardHelpOptions = true, versionProvider = LoomScopeCommand.Version.class,
        description = "${bundle:cli.loomscope.description}",
        subcommands = {RunCommand.class, SweepCommand.class, BenchCommand.class, StageBenchCommand.class, StartupBenchCommand.class,
                ServeCommand.class, LoadCommand.class, AttachCommand.class, OpenCommand.class, OpenBenchCommand.class,
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
        return inPlainWords(commandLine);
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
        return inPlainWords(commandLine);
    }

    /**
     * Bad input in one line of plain words: numbers are read by converters that say what they
     * expected ("a whole number", not picocli's "an int"); a command's own converters (the
     * {@link Choice}s, durations) say it in theirs. Called once every subcommand is added: a
     * converter registered applies to the subcommands there are.
     */
    private static CommandLine inPlainWords(CommandLine commandLine) {
        ITypeConverter<Integer> wholeNumber = value -> {
            try {
                return Integer.valueOf(value.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(Text.get("cli.bad.whole-number", value));
            }
        };
        ITypeConverter<Long> longWholeNumber = value -> {
            try {
                return Long.valueOf(value.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(Text.get("cli.bad.whole-number", value));
            }
        };
        ITypeConverter<Double> number = value -> {
            try {
                return Double.valueOf(value.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(Text.get("cli.bad.number", value));
            }
        };
        commandLine.registerConverter(Integer.class, wholeNumber).registerConverter(int.class, wholeNumber)
                .registerConverter(Long.class, longWholeNumber).registerConverter(long.class, longWholeNumber)
                .registerConverter(Double.class, number).registerConverter(double.class, number);
        commandLine.setParameterExceptionHandler(LoomScopeCommand::oneLineError);
        // Picocli's own strategies remember System.out and System.err as they were when the command
        // line was made, and if either has changed since, execute() replaces the writers setOut and
        // setErr gave with ones on the remembered streams. A plain strategy keeps the writers given.
        IExecutionStrategy runLast = new CommandLine.RunLast()::execute;
        commandLine.setExecutionStrategy(runLast);
        return commandLine;
    }

    /** Bad input: one line that names the problem and where to read more, then exit code 2. */
    private static int oneLineError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(Text.get("cli.usage-problem", plainMessage(e), e.getCommandLine().getCommandSpec().qualifiedName()));
        err.flush();
        return EXIT_USAGE;
    }

    /**
     * A value no converter could read, as "--executor: no executor 'bogus'; choose from ..." rather
     * than picocli's "Invalid value for option '--executor' (NAME,...): ...": the option, then what
     * its converter said.
     */
    static String plainMessage(CommandLine.ParameterException e) {
        if (e.getCause() instanceof CommandLine.TypeConversionException unreadable && e.getArgSpec() != null) {
            String name = e.getArgSpec() instanceof CommandLine.Model.OptionSpec option ? option.longestName() : e.getArgSpec().paramLabel();
            return name + ": " + unreadable.getMessage();
        }
        // Picocli starts some of its messages so ("Error: --requests=N, --duration=TIME are mutually exclusive"); the line says "loomscope:" already.
        return e.getMessage().startsWith("Error: ") ? e.getMessage().substring("Error: ".length()) : e.getMessage();
    }

    /**
     * A setting's own message as the command line says it: one that starts with a setting's name
     * ("tasks must be between ...") names its option ("--tasks must be between ..."); any other
     * ("a web run sends at most ...") stays as it is.
     */
    static String asOption(String message, String... settings) {
        for (String setting : settings) {
            if (message.startsWith(setting + " ")) {
                return "--" + message;
            }
        }
        return message;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = LoomScopeCommand.class.getPackage().getImplementationVersion();
            return new String[] {Text.get("cli.version", version != null ? version : Text.get("cli.version.development")),
                    Text.get("cli.version.jvm")};
        }
    }
}
