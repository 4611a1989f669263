package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.testing.TaskFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiling a user's task in the launching process: what it accepts, and how it says no. */
class TaskCompilerTest {

    @Test
    void aGoodFileBecomesATaskInAFolderThatClosingDeletes() throws Exception {
        Path folder;
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named("PinsInClassInit.java"))) {
            var task = compiled.task();
            assertThat(task.className()).isEqualTo("example.pins.PinsInClassInit");
            assertThat(task.sourceName()).isEqualTo("PinsInClassInit.java");
            folder = task.classFolder();
            assertThat(folder.resolve("example/pins/PinsInClassInit.class")).isRegularFile();
            assertThat(folder.resolve("example/pins/PinsInClassInit$Slow.class")).isRegularFile();
        }
        assertThat(folder).doesNotExist();
    }

    @Test
    void eachCompilerErrorComesWithItsLine() {
        assertThatThrownBy(() -> TaskCompiler.compileFile(TaskFiles.named("Broken.java")))
                .isInstanceOfSatisfying(TaskCompiler.TaskException.class, e -> {
                    assertThat(e.problems()).extracting(TaskCompiler.Problem::line).containsExactly(6L, 7L);
                    assertThat(e.problems().getFirst().toString())
                            .isEqualTo("Broken.java:6: incompatible types: java.lang.String cannot be converted to int");
                    assertThat(e.problems().get(1).toString()).startsWith("Broken.java:7: cannot find symbol");
                });
    }

    @Test
    void aClassThatARunnerCouldNotMakeOrCallIsRefusedInPlainWords() {
        assertThat(problemOf("NotCallable.java")).isEqualTo("NotCallable.java: NotCallable does not implement java.util.concurrent.Callable: each task calls its call() once");
        assertThat(problemOf("NoEmptyConstructor.java")).contains("has no public constructor without arguments");
        assertThat(problemOf("NotPublic.java")).isEqualTo("NotPublic.java: NotPublic is not public: declare it 'public class NotPublic'");
    }

    @Test
    void aMissingFileOrOneThatIsNotJavaIsRefused(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> TaskCompiler.compileFile(dir.resolve("Gone.java"))).hasMessageContaining("Gone.java: no such file: " + dir.resolve("Gone.java"));
        Path text = Files.writeString(dir.resolve("task.txt"), "hello");
        assertThatThrownBy(() -> TaskCompiler.compileFile(text)).hasMessage("task.txt: a task file is Java source ending in .java");
    }

    @Test
    void sourceWithoutAFileIsNamedAfterItsPublicClass() throws Exception {
        String source = """
                // a class Comment in a comment is not the class
                import java.util.concurrent.Callable;
                public final class Typed implements Callable<Integer> {
                    public Integer call() { return 1; }
                }
                """;
        try (var compiled = TaskCompiler.compile(null, source)) {
            assertThat(compiled.task().className()).isEqualTo("Typed");
            assertThat(compiled.task().sourceName()).isEqualTo("Typed.java");
        }
    }

    private static String problemOf(String file) {
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named(file))) {
            throw new AssertionError(file + " compiled into " + compiled.task());
        } catch (TaskCompiler.TaskException e) {
            assertThat(e.problems()).hasSize(1);
            return e.problems().getFirst().toString();
        }
    }
}
