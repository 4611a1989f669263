package dev.loomscope.cli;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.Scenario;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --jdk 21,25} or {@code --jdk PATH}: the JDKs a run or sweep runs on, one run per JDK. */
final class JdkOption {

    @Option(names = "--jdk", paramLabel = "VERSION|PATH", split = ",", descriptionKey = "cli.jdk")
    List<String> specs = new ArrayList<>();

    /**
     * The JDKs named, each once, in the order given; a list of one null (the default JDK) when none is.
     * Every scenario is checked against every JDK first: a run needing a later JDK is refused here,
     * before any runner starts.
     *
     * @throws ParameterException naming a JDK not found (and listing those found), or the first refusal
     */
    List<Jdks.Jdk> jdks(CommandSpec spec, List<Scenario> scenarios) {
        if (specs.isEmpty()) {
            return Collections.singletonList(null);
        }
        Jdks installed = Jdks.installed();
        var chosen = new ArrayList<Jdks.Jdk>();
        for (String one : specs) {
            Jdks.Jdk jdk;
            try {
                jdk = installed.resolve(one);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            if (chosen.stream().noneMatch(j -> j.home().equals(jdk.home()))) {
                chosen.add(jdk);
            }
        }
        for (Jdks.Jdk jdk : chosen) {
            for (Scenario scenario : scenarios) {
                String refusal = JdkNeeds.refusal(scenario, jdk.feature(), jdk.version());
                if (refusal != null) {
                    throw new ParameterException(spec.commandLine(), refusal);
                }
            }
        }
        return chosen;
    }

    /** "-jdk21" for a file of a run on JDK 21 among several JDKs; "" with one. */
    static String fileTag(Jdks.Jdk jdk, boolean several) {
        return several && jdk != null ? "-jdk" + jdk.feature() : "";
    }
}
