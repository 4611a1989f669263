package dev.loomscope;

import dev.loomscope.cli.LoomScopeCommand;
import dev.loomscope.ui.app.FrameBenchmark;
import dev.loomscope.ui.app.WindowCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes docs/cli.md, the command reference, from picocli's model of the command line: the same
 * commands, options, labels and descriptions (defaults filled in) that {@code --help} prints.
 * {@code CliReferenceTest} fails when the checked-in page differs; run it with
 * {@code -Dloomscope.docs.write=true} to write the page again.
 */
public final class CliReference {

    /** The page, relative to the project's folder. */
    public static final Path PAGE = Path.of("docs", "cli.md");

    /** The standard options every command takes; listed once, not under each command. */
    private static final List<String> STANDARD = List.of("--help", "--version");

    private CliReference() {
    }

    /** The whole command line, as {@code Main} builds it: the headless commands plus the window's two. */
    static CommandLine commandLine() {
        return LoomScopeCommand.commandLine(new WindowCommand(), new FrameBenchmark());
    }

    /** The page's text. */
    public static String markdown() {
        CommandSpec root = commandLine().getCommandSpec();
        var out = new StringBuilder();
        out.append("# Command reference\n\n");
        out.append("<!-- Generated from the picocli model by src/test/java/dev/loomscope/CliReference.java. Do not edit by hand:\n");
        out.append("     ./mvnw -q test -Dtest='CliReferenceTest' -Dsurefire.failIfNoSpecifiedTests=false -Dloomscope.docs.write=true -->\n\n");
        out.append("Every command below is run as `./loomscope COMMAND [OPTIONS]` from a checkout, or as\n");
        out.append("`bin/LoomScope COMMAND [OPTIONS]` from the installed app (see [install.md](install.md)).\n");
        out.append("`./loomscope` with no arguments opens the window, and `./loomscope --preset NAME` is short for\n");
        out.append("`./loomscope window --preset NAME`. Every command also takes `-h, --help` (its help, then exit)\n");
        out.append("and `-V, --version`. The same text is printed by `./loomscope COMMAND --help`.\n\n");
        out.append("Exit codes: 0 the command did what it was asked; 1 a run failed or a target could not be observed;\n");
        out.append("2 bad options (one line on stderr names the option); `attach` also exits 3 when its target exits.\n\n");
        out.append("Commands:\n\n");
        for (Map.Entry<String, CommandLine> sub : root.subcommands().entrySet()) {
            CommandSpec spec = sub.getValue().getCommandSpec();
            out.append("- [`").append(sub.getKey()).append("`](#").append(slug(spec.qualifiedName())).append("): ")
                    .append(firstSentence(spec)).append('\n');
        }
        out.append('\n');
        command(out, root);
        for (CommandLine sub : root.subcommands().values()) {
            command(out, sub.getCommandSpec());
        }
        return out.toString();
    }

    private static void command(StringBuilder out, CommandSpec spec) {
        out.append("## ").append(spec.qualifiedName()).append("\n\n");
        for (String line : joinedDescription(spec)) {
            out.append(plain(line)).append("\n");
        }
        out.append('\n');
        out.append("```\n").append(synopsis(spec)).append("\n```\n\n");
        List<ArgSpec> rows = new ArrayList<>();
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            if (!positional.hidden()) {
                rows.add(positional);
            }
        }
        for (OptionSpec option : spec.options()) {
            if (!option.hidden() && !STANDARD.contains(option.longestName())) {
                rows.add(option);
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        out.append("| option | value | description |\n|---|---|---|\n");
        for (ArgSpec arg : rows) {
            String names = arg instanceof OptionSpec option ? String.join(", ", option.names()) : "";
            String label = label(arg);
            out.append("| ").append(names.isEmpty() ? "" : code(names))
                    .append(" | ").append(label.isEmpty() ? "" : code(label))
                    .append(" | ").append(cell(String.join(" ", arg.renderedDescription()))).append(" |\n");
        }
        out.append('\n');
    }

    /** The command's usage line, as picocli prints it, without colour. */
    private static String synopsis(CommandSpec spec) {
        var help = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return help.synopsis(0).strip();
    }

    private static String label(ArgSpec arg) {
        if (arg.typeInfo().isBoolean() && arg instanceof OptionSpec) {
            return "";
        }
        return arg.paramLabel();
    }

    /**
     * The description as paragraphs: picocli prints each line of it on a line of its own and {@code %n}
     * as a line break; here a line break inside a paragraph becomes a space, and an empty line
     * separates paragraphs.
     */
    private static List<String> joinedDescription(CommandSpec spec) {
        String text = String.join("\n", spec.usageMessage().description()).replace("%n", "\n");
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : text.strip().split("\n\\s*\n")) {
            String joined = String.join(" ", paragraph.strip().lines().map(String::strip).toList());
            if (!joined.isEmpty()) {
                if (!paragraphs.isEmpty()) {
                    paragraphs.add("");
                }
                paragraphs.add(joined);
            }
        }
        return paragraphs;
    }

    private static String firstSentence(CommandSpec spec) {
        List<String> description = joinedDescription(spec);
        String text = description.isEmpty() ? "" : description.get(0);
        int end = text.indexOf(". ");
        return plain(end < 0 ? text : text.substring(0, end + 1));
    }

    private static String code(String text) {
        return "`" + text.replace("|", "\\|") + "`";
    }

    private static String cell(String text) {
        return plain(text.replace("%n", " ")).replace("|", "\\|");
    }

    /** Text as Markdown shows it as written: no HTML tags, no emphasis. */
    private static String plain(String text) {
        return text.replace("<", "&lt;").replace(">", "&gt;").replace("*", "\\*").replace("_", "\\_");
    }

    /** GitHub's anchor for a heading of plain words. */
    static String slug(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
