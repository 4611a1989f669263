package dev.loomscope.runner.laterjdk;

import dev.loomscope.text.Text;

/**
 * Loads the runner's classes compiled for JDK 25 ({@code dev.loomscope.runner.jdk25}). The rest of the
 * runner is compiled for JDK 21 so that a JDK 21 runner can load it; these classes are named only
 * here, as strings, so a JDK 21 runner never touches them. The launching process refuses a run that
 * needs them on an older JDK before it starts ({@code scenario.JdkNeeds}); this check is the last word.
 */
public final class LaterJdk {

    /** The JDK the classes in {@code runner.jdk25} are compiled for. */
    public static final int FEATURE = 25;
    private static final String PACKAGE = "dev.loomscope.runner.jdk25.";

    private LaterJdk() {
    }

    /** Whether this JVM can load them. */
    public static boolean available() {
        return Runtime.version().feature() >= FEATURE;
    }

    /**
     * A new instance of {@code runner.jdk25.<simpleName>} through its constructor taking {@code args}
     * (of exactly these classes), or null on a JDK before {@link #FEATURE}.
     */
    public static <T> T createOrNull(String simpleName, Class<T> type, Class<?>[] parameters, Object... args) {
        if (!available()) {
            return null;
        }
        try {
            return type.cast(Class.forName(PACKAGE + simpleName).getConstructor(parameters).newInstance(args));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(PACKAGE + simpleName + ": " + e, e);
        }
    }

    /** As {@link #createOrNull}, for what a run cannot do without: refused on an older JDK. */
    public static <T> T create(String simpleName, Class<T> type, Class<?>[] parameters, Object... args) {
        T made = createOrNull(simpleName, type, parameters, args);
        if (made == null) {
            throw new IllegalStateException(Text.get("jdks.needs", simpleName, FEATURE, Runtime.version()));
        }
        return made;
    }
}
