package dev.loomscope.cli;

import dev.loomscope.recording.ThreadDumpReader;
import dev.loomscope.text.Text;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --dump N|last}, which of a file's thread dumps to read ({@code open}, {@code window --open}): a dump's number,
 * the first 1, or "last" ({@link ThreadDumpReader#LAST_DUMP}).
 */
public final class DumpChoice implements ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        String given = value.strip();
        if (given.equalsIgnoreCase("last")) {
            return ThreadDumpReader.LAST_DUMP;
        }
        try {
            int dump = Integer.parseInt(given);
            if (dump >= 1) {
                return dump;
            }
        } catch (NumberFormatException e) {
            // refused below, in the same words
        }
        throw new TypeConversionException(Text.get("cli.open.bad.dump", value));
    }
}
