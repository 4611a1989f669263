package dev.loomscope.launcher;

import dev.loomscope.scenario.UserTask;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * Compiles a user's task (one Java source: a public class implementing {@link Callable} with a
 * public no-arg constructor) in this process, before any runner starts, into a temporary folder
 * that {@link Compiled#close()} deletes. The runner gets that folder on its class path.
 */
public final class TaskCompiler {

    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern PUBLIC_CLASS = Pattern.compile("\\bpublic\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*class\\s+(\\w+)");
    private static final Pattern ANY_CLASS = Pattern.compile("\\bclass\\s+(\\w+)");

    private TaskCompiler() {
    }

    /** One compiler error, on a line of the source (1-based; 0 when it belongs to no line). */
    public record Problem(String sourceName, long line, String message) {
        /** {@code MyTask.java:12: cannot find symbol}, as the command line prints it. */
        @Override
        public String toString() {
            return line > 0 ? sourceName + ":" + line + ": " + message : sourceName + ": " + message;
        }
    }

    /** The source could not become a task: its compiler errors (each on its line), or one problem with the class. */
    public static final class TaskException extends Exception {
        private final transient List<Problem> problems;

        TaskException(List<Problem> problems) {
            super(problems.isEmpty() ? "" : problems.getFirst().toString());
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    /** A compiled task and the folder that holds it (its classes, and its source under {@link UserTask#sourceName()}); closing deletes the folder. */
    public record Compiled(UserTask task) implements AutoCloseable {
        @Override
        public void close() {
            deleteQuietly(task.classFolder());
        }
    }

    /** Compiles a source file as the command line's {@code --task-file} names it. */
    public static Compiled compileFile(Path file) throws TaskException {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!name.endsWith(".java")) {
            throw problem(name, Text.get("task.compile.not-java"));
        }
        String source;
        try {
            source = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw problem(name, Text.get("task.compile.no-file", file.toAbsolutePath()));
        } catch (IOException | RuntimeException e) {
            throw problem(name, Text.get("task.compile.unreadable", file.toAbsolutePath(), e.getMessage()));
        }
        return compile(name, source);
    }

    /**
     * Compiles source text. {@code sourceName} is the file's name ({@code MyTask.java}); null takes
     * it from the source's public class, as the window's editor has no file of its own.
     */
    public static Compiled compile(String sourceName, String source) throws TaskException {
        String name = sourceName != null ? sourceName : guessedFileName(source);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw problem(name, Text.get("task.compile.no-compiler"));
        }
        Path folder;
        try {
            folder = Files.createTempDirectory("loomscope-task");
        } catch (IOException e) {
            throw problem(name, Text.get("task.compile.no-folder", e.getMessage()));
        }
        try {
            var diagnostics = new DiagnosticCollector<JavaFileObject>();
            var fileObject = new SimpleJavaFileObject(URI.create("string:///" + name), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            // Lines and source names in the classes, so a JFR stack names the user's file and line.
            List<String> options = List.of("-d", folder.toString(), "-g", "-proc:none", "-implicit:class", "-Xlint:none", "-nowarn",
                    "--release", Integer.toString(Runtime.version().feature()));
            boolean ok;
            try (var files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
                ok = compiler.getTask(null, files, diagnostics, options, null, List.of(fileObject)).call();
            }
            if (!ok) {
                throw new TaskException(errors(name, diagnostics.getDiagnostics()));
            }
            String className = className(name, source);
            check(name, className, folder);
            // The source travels with its classes: the window shows a --task-file's code from here.
            Files.writeString(folder.resolve(name), source, StandardCharsets.UTF_8);
            return new Compiled(new UserTask(className, folder, name));
        } catch (TaskException | RuntimeException | Error e) {
            deleteQuietly(folder);
            throw e;
        } catch (IOException e) {
            deleteQuietly(folder);
            throw problem(name, Text.get("task.compile.failed", e.getMessage()));
        }
    }

    private static List<Problem> errors(String name, List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        var problems = new ArrayList<Problem>();
        for (var d : diagnostics) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                // The compiler's first line is the message; the rest repeats the source line and a caret.
                String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("").strip();
                problems.add(new Problem(name, Math.max(0, d.getLineNumber()), message));
            }
        }
        return problems.isEmpty() ? List.of(new Problem(name, 0, Text.get("task.compile.did-not"))) : problems;
    }

    /** The class the file is named after (javac holds a public class to its file's name), in the source's package. */
    private static String className(String name, String source) {
        String simple = name.substring(0, name.length() - ".java".length());
        var pkg = PACKAGE.matcher(withoutComments(source));
        return pkg.find() ? pkg.group(1) + "." + simple : simple;
    }

    /** Loads the compiled class without initializing it and checks that a runner can make and call it. */
    private static void check(String name, String className, Path folder) throws TaskException {
        try (var loader = new URLClassLoader(new java.net.URL[] {folder.toUri().toURL()}, TaskCompiler.class.getClassLoader())) {
            Class<?> type;
            try {
                type = Class.forName(className, false, loader);
            } catch (ClassNotFoundException e) {
                throw problem(name, Text.get("task.compile.no-class", className, name));
            }
            if (!Modifier.isPublic(type.getModifiers())) {
                throw problem(name, Text.get("task.compile.not-public", className, type.getSimpleName()));
            }
            if (!Callable.class.isAssignableFrom(type)) {
                throw problem(name, Text.get("task.compile.not-callable", className));
            }
            if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
                throw problem(name, Text.get("task.compile.abstract", className));
            }
            try {
                type.getConstructor();
            } catch (NoSuchMethodException e) {
                throw problem(name, Text.get("task.compile.no-constructor", className));
            }
        } catch (IOException e) {
            throw problem(name, Text.get("task.compile.class-unreadable", e.getMessage()));
        } catch (LinkageError e) {
            throw problem(name, Text.get("task.compile.cannot-load", className, e));
        }
    }

    /** {@code Name.java} for source without a file: its public class's name, or its first class's. */
    public static String guessedFileName(String source) {
        String code = withoutComments(source);
        var publicClass = PUBLIC_CLASS.matcher(code);
        if (publicClass.find()) {
            return publicClass.group(1) + ".java";
        }
        var anyClass = ANY_CLASS.matcher(code);
        return (anyClass.find() ? anyClass.group(1) : "Task") + ".java";
    }

    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
    }

    private static TaskException problem(String name, String message) {
        return new TaskException(List.of(new Problem(name, 0, message)));
    }

    static void deleteQuietly(Path folder) {
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // A folder left in the temporary directory: nothing a run depends on.
        }
    }
}
