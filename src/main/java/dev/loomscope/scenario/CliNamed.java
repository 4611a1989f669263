package dev.loomscope.scenario;

import dev.loomscope.text.Text;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A choice the command line spells by name ("fixed", "class-init"): lookup and listing in one place. */
interface CliNamed {

    String cliName();

    /** The constant named {@code name} (case and surrounding spaces ignored), or an error listing the choices. */
    static <T extends Enum<T> & CliNamed> T byCliName(Class<T> type, String name, String what) {
        for (T constant : type.getEnumConstants()) {
            if (constant.cliName().equalsIgnoreCase(name.strip())) {
                return constant;
            }
        }
        throw new IllegalArgumentException(Text.get("scenario.unknown-name", what, name, names(type)));
    }

    static <T extends Enum<T> & CliNamed> String names(Class<T> type) {
        return Arrays.stream(type.getEnumConstants()).map(CliNamed::cliName).collect(Collectors.joining(", "));
    }
}
