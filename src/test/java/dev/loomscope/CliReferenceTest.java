package dev.loomscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/cli.md is generated from the command line's picocli model; this fails when the page is stale.
 * To write it again: {@code ./mvnw -q test -Dtest='CliReferenceTest' -Dsurefire.failIfNoSpecifiedTests=false
 * -Dloomscope.docs.write=true}.
 */
class CliReferenceTest {

    static final String REGENERATE = "./mvnw -q test -Dtest='CliReferenceTest' -Dsurefire.failIfNoSpecifiedTests=false -Dloomscope.docs.write=true";

    @Test
    void theCheckedInPageIsTheOneTheCommandLineGives() throws IOException {
        String generated = CliReference.markdown();
        if (Boolean.getBoolean("loomscope.docs.write")) {
            Files.writeString(CliReference.PAGE, generated, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(CliReference.PAGE)).as("docs/cli.md exists; write it with: " + REGENERATE).isTrue();
        String checkedIn = Files.readString(CliReference.PAGE, StandardCharsets.UTF_8);
        assertThat(checkedIn).as("docs/cli.md is stale: the command line changed. Write it again with: " + REGENERATE)
                .isEqualTo(generated);
    }

    @Test
    void thePageNamesEveryLongOptionOfEveryCommand() {
        String page = CliReference.markdown();
        CommandLine root = CliReference.commandLine();
        assertThat(root.getSubcommands().keySet()).contains("run", "sweep", "bench", "serve", "load", "attach", "window");
        check(page, root);
    }

    /**
     * Every command's usage, at 80 columns, keeps each option of its synopsis on one line: picocli breaks a line after a
     * dot, and "[--record=FILE.gif|FOLDER]" read "[--record=FILE." and "gif|FOLDER]" on two.
     */
    @Test
    void eachOptionOfASynopsisStandsOnOneLine() {
        var broken = new java.util.ArrayList<String>();
        collectBroken(CliReference.commandLine(), broken);
        assertThat(broken).isEmpty();
    }

    private static void collectBroken(CommandLine command, List<String> broken) {
        command.getCommandSpec().usageMessage().autoWidth(false).width(80);
        String synopsis = command.getHelp().synopsis(0);
        List<String> lines = List.of(synopsis.split("\\R"));
        // Each option with a value reads whole on one line, bracketed or not ("--vary=SETTING=FROM..TO:POINTS").
        for (OptionSpec option : command.getCommandSpec().options()) {
            String written = option.longestName() + "=" + option.paramLabel();
            if (option.arity().max() > 0 && synopsis.replaceAll("\\s+", "").contains(written.replaceAll("\\s+", ""))
                    && lines.stream().noneMatch(line -> line.contains(written))) {
                broken.add(command.getCommandSpec().qualifiedName() + ": " + written + " over two lines");
            }
        }
        for (String line : lines) {
            int depth = 0;
            for (char c : line.toCharArray()) {
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            }
            if (depth != 0) {
                broken.add(command.getCommandSpec().qualifiedName() + ": " + line.strip());
            }
        }
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getValue() != command) {
                collectBroken(sub.getValue(), broken);
            }
        }
    }

    /** Each command's section (from its heading to the next) names each of its long options. */
    private static void check(String page, CommandLine command) {
        String heading = "## " + command.getCommandSpec().qualifiedName() + "\n";
        assertThat(page).as("a section for " + command.getCommandSpec().qualifiedName()).contains(heading);
        int start = page.indexOf(heading) + heading.length();
        int end = page.indexOf("\n## ", start);
        String section = page.substring(start, end < 0 ? page.length() : end);
        for (OptionSpec option : command.getCommandSpec().options()) {
            if (!option.hidden() && !List.of("--help", "--version").contains(option.longestName())) {
                assertThat(section).as("the section of %s names %s", command.getCommandSpec().qualifiedName(), option.longestName())
                        .contains(option.longestName());
            }
        }
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getValue() != command) {
                check(page, sub.getValue());
            }
        }
    }
}
