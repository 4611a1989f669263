package dev.loomscope.cli;

import dev.loomscope.text.Text;
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
@Command(resourceBundle = "dev.loomscope.text.messages", name = "bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.bench.description.0}", "${bundle:cli.bench.description.1}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}", exitCodeList = {"0:${bundle:cli.bench.exit.0}", "1:${bundle:cli.bench.exit.1}", "2:${bundle:cli.bench.exit.2}"})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "5", descriptionKey = "cli.bench.repeat")
    int repeat;

    @Option(names = "--cases", split = ",", paramLabel = "CASE,...", hideParamSyntax = true, defaultValue = "virtual-10k,fixed-10k,virtual-1m,schedulers,allocation",
            descriptionKey = "cli.bench.cases")
    List<String> cases;

    @Option(names = "--carriers", paramLabel = "N", descriptionKey = "cli.bench.carriers")
    Integer carriers;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            descriptionKey = "cli.bench.jvm-option")
    List<String> jvmOptions = List.of();

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || repeat > 100) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.bad.repeat", 100, repeat));
        }
        int carrierCount = carriers != null ? carriers : Runtime.getRuntime().availableProcessors();
        for (String option : jvmOptions) {
            if (!option.startsWith("-")) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.bench.bad.jvm-option", option));
            }
        }
        var known = new java.util.ArrayList<>(FidelityBenchmark.fidelityCases(carrierCount).stream().map(FidelityBenchmark.Case::id).toList());
        known.add("schedulers");
        known.add("allocation");
        for (String name : cases) {
            if (!known.contains(name)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.bad.cases", name, String.join(", ", known)));
            }
        }
        var bench = new FidelityBenchmark(repeat, System.out, new JvmLauncher(List.of(), jvmOptions));
        System.out.printf(Text.get("cli.bench.machine"), System.getProperty("java.runtime.version"), Runtime.getRuntime().availableProcessors(),
                jvmOptions.isEmpty() ? "" : Text.get("cli.bench.jvm-options", String.join(" ", jvmOptions)));
        boolean fidelity = bench.runFidelity(FidelityBenchmark.fidelityCases(carrierCount).stream().filter(c -> cases.contains(c.id())).toList());
        boolean schedulers = !cases.contains("schedulers") || bench.runSchedulers(carrierCount);
        boolean allocation = !cases.contains("allocation") || bench.runAllocation(carrierCount);
        boolean all = fidelity && schedulers && allocation;
        System.out.printf("%n%s%n", Text.get(all ? "cli.bench.all-met" : "cli.bench.missed"));
        return all ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
    }
}
