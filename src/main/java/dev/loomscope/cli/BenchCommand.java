package dev.loomscope.cli;

import dev.loomscope.bench.FidelityBenchmark;
import dev.loomscope.launcher.JvmLauncher;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomscope bench}: proves on this machine that LoomScope's numbers are a plain program's. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Measures how close LoomScope's instrumented runs stay to a plain JDK program doing the same work "
                + "(targets: 10,000 x 100 ms within 1.05x; 1,000,000 x 100 ms within 1.25x with every event delivered), "
                + "and whether five schedulers land near their ideal time. Takes a few minutes.", ""},
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:every target met", "1:a target missed", "2:bad options"})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "5", description = "Pairs of runs per case (medians). Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--cases", split = ",", paramLabel = "CASE,...", hideParamSyntax = true, defaultValue = "virtual-10k,fixed-10k,virtual-1m,schedulers",
            description = "Which cases to run: virtual-10k, fixed-10k, virtual-1m (fidelity against a plain program), schedulers. Default: all.")
    List<String> cases;

    @Option(names = "--carriers", paramLabel = "N", description = "Carrier threads. Default: the cores of this machine.")
    Integer carriers;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "A JVM option for both LoomScope's runners and the plain programs (repeatable), e.g. "
                    + "--jvm-option=-Xms256m to start both from the same heap size. Default: none.")
    List<String> jvmOptions = List.of();

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || repeat > 100) {
            throw new ParameterException(spec.commandLine(), "--repeat must be between 1 and 100 (got " + repeat + ")");
        }
        int carrierCount = carriers != null ? carriers : Runtime.getRuntime().availableProcessors();
        for (String option : jvmOptions) {
            if (!option.startsWith("-")) {
                throw new ParameterException(spec.commandLine(), "--jvm-option must be a JVM option starting with '-' (got '" + option + "')");
            }
        }
        var known = new java.util.ArrayList<>(FidelityBenchmark.fidelityCases(carrierCount).stream().map(FidelityBenchmark.Case::id).toList());
        known.add("schedulers");
        for (String name : cases) {
            if (!known.contains(name)) {
                throw new ParameterException(spec.commandLine(), "--cases: no case '" + name + "'; choose from " + String.join(", ", known));
            }
        }
        var bench = new FidelityBenchmark(repeat, System.out, new JvmLauncher(List.of(), jvmOptions));
        System.out.printf("JDK %s, %d cores%s%n%n", System.getProperty("java.runtime.version"), Runtime.getRuntime().availableProcessors(),
                jvmOptions.isEmpty() ? "" : "; both programs run with " + String.join(" ", jvmOptions));
        boolean fidelity = bench.runFidelity(FidelityBenchmark.fidelityCases(carrierCount).stream().filter(c -> cases.contains(c.id())).toList());
        boolean schedulers = !cases.contains("schedulers") || bench.runSchedulers(carrierCount);
        boolean all = fidelity && schedulers;
        System.out.printf("%n%s%n", all ? "Every target met." : "Some targets were missed (see MISSED above).");
        return all ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
    }
}
