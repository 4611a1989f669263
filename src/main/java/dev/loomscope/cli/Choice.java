package dev.loomscope.cli;

import dev.loomscope.text.Text;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an option whose value is one of a few named choices ({@code --executor virtual},
 * {@code --record-view "task waves"}), ignoring case and surrounding spaces. A word that names none
 * is refused in plain words that list the choices, with no Java type or exception in them:
 * "no executor 'bogus'; choose from fixed, virtual, ...".
 *
 * <p>Picocli makes converters from their class, so each choice has a subclass with a constructor
 * of no arguments that says what is chosen, from what, spelled how.
 */
public abstract class Choice<T> implements ITypeConverter<T> {

    /** What is chosen, as its key under {@code cli.choice.} in the bundle ("blocking-mode"). */
    private final String what;
    private final List<T> choices;
    private final Function<T, String> spelling;

    protected Choice(String what, T[] choices, Function<T, String> spelling) {
        this.what = what;
        this.choices = List.of(choices);
        this.spelling = spelling;
    }

    @Override
    public T convert(String value) {
        for (T choice : choices) {
            if (spelling.apply(choice).equalsIgnoreCase(value.strip())) {
                return choice;
            }
        }
        throw new TypeConversionException(Text.get("cli.no-such-choice", Text.get("cli.choice." + what), value, spellings()));
    }

    /** The choices as the command line spells them, comma-separated. */
    public String spellings() {
        return choices.stream().map(spelling).collect(Collectors.joining(", "));
    }
}
