package dev.loomscope.scenario;

/** A scenario that cannot run; the message names the field and the values it allows. */
public final class InvalidScenarioException extends IllegalArgumentException {

    private final String field;

    public InvalidScenarioException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The setting at fault, as the command line spells it (for example "tasks"). */
    public String field() {
        return field;
    }
}
