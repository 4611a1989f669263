package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ThreadDumpTest {

    /** A JDK 25 dump of a program with 3 virtual threads in a thread-per-task executor and one started directly, all asleep. */
    private static String jdk25Dump() throws IOException {
        try (var in = ThreadDumpTest.class.getResourceAsStream("jdk25-thread-dump.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void groupsVirtualThreadsByIdenticalStackAndBuildsTheContainerTree() throws IOException {
        ThreadDump dump = ThreadDump.parse(jdk25Dump(), 1_234);

        assertThat(dump.takenAtMs()).isEqualTo(1_234);
        assertThat(dump.runtimeVersion()).startsWith("25");
        assertThat(dump.virtualThreads()).isEqualTo(4);
        assertThat(dump.platformThreads()).isPositive();
        StackGroup executorTasks = dump.virtualThreadStacks().getFirst();
        assertThat(executorTasks.count()).isEqualTo(3);
        assertThat(executorTasks.states()).containsEntry("TIMED_WAITING", 3);
        assertThat(executorTasks.containers()).singleElement().asString().startsWith("java.util.concurrent.ThreadPerTaskExecutor@");
        assertThat(executorTasks.frames()).anyMatch(f -> f.contains("java.lang.Thread.sleep"));
        assertThat(executorTasks.threadIds()).hasSize(3).doesNotContain(-1L);
        assertThat(dump.virtualThreadStacks().stream().mapToInt(StackGroup::count).sum()).isEqualTo(4);

        ThreadContainerNode root = dump.root();
        assertThat(root.name()).isEqualTo("<root>");
        assertThat(root.children()).extracting(ThreadContainerNode::name).anyMatch(n -> n.startsWith("java.util.concurrent.ThreadPerTaskExecutor@"))
                .anyMatch(n -> n.startsWith("ForkJoinPool-1/"));
        assertThat(root.virtualThreadsBelow()).isEqualTo(4);
    }

    @Test
    void nestedContainersHangUnderTheirParents() throws IOException {
        String json = """
                {"threadDump": {"runtimeVersion": "25", "threadContainers": [
                  {"container": "<root>", "parent": null, "owner": null, "threads": []},
                  {"container": "exec@1", "parent": "<root>", "owner": null, "threads": [{"tid": "20", "virtual": true, "stack": ["a"]}]},
                  {"container": "scope@2", "parent": "exec@1", "owner": "20", "threads": [
                    {"tid": "21", "virtual": true, "stack": ["b"]}, {"tid": "22", "virtual": true, "stack": ["b"]}]}
                ]}}""";

        ThreadDump dump = ThreadDump.parse(json, 0);

        ThreadContainerNode executor = dump.root().children().getFirst();
        assertThat(executor.name()).isEqualTo("exec@1");
        ThreadContainerNode scope = executor.children().getFirst();
        assertThat(scope.ownerThreadId()).isEqualTo(20);
        assertThat(scope.virtualThreads()).isEqualTo(2);
        assertThat(dump.root().virtualThreadsBelow()).isEqualTo(3);
        assertThat(dump.virtualThreadStacks().getFirst().frames()).containsExactly("b");
        assertThat(dump.virtualThreadStacks().getFirst().states()).isEmpty();
    }

    @Test
    void aDumpReadWithTheOneBeforeCountsTheVirtualThreadsThatKeptTheirStack() throws IOException {
        String before = """
                {"threadDump": {"runtimeVersion": "25", "threadContainers": [
                  {"container": "<root>", "parent": null, "owner": null, "threads": [
                    {"tid": "20", "virtual": true, "stack": ["park", "take"]}, {"tid": "21", "virtual": true, "stack": ["park", "take"]},
                    {"tid": "22", "virtual": true, "stack": ["read"]}, {"tid": "1", "virtual": false, "stack": ["main"]}]}
                ]}}""";
        String after = """
                {"threadDump": {"runtimeVersion": "25", "threadContainers": [
                  {"container": "<root>", "parent": null, "owner": null, "threads": [
                    {"tid": "20", "virtual": true, "stack": ["park", "take"]}, {"tid": "21", "virtual": true, "stack": ["compute"]},
                    {"tid": "23", "virtual": true, "stack": ["park", "take"]}, {"tid": "22", "virtual": true, "stack": ["read"]},
                    {"tid": "1", "virtual": false, "stack": ["main"]}]}
                ]}}""";

        ThreadDump first = ThreadDump.parse(before, 1_000);
        ThreadDump second = ThreadDump.parse(after, 6_000, first);

        assertThat(first.compared()).isFalse();
        assertThat(second.compared()).isTrue();
        assertThat(second.comparedWithMs()).isEqualTo(1_000);
        // 20 stayed in take; 23 is new there; 21 moved from take to compute; 22 stayed in read.
        assertThat(second.virtualThreadStacks()).filteredOn(g -> g.frames().equals(List.of("park", "take"))).singleElement()
                .satisfies(g -> assertThat(List.of(g.count(), g.unchanged())).containsExactly(2, 1));
        assertThat(second.virtualThreadStacks()).filteredOn(g -> g.frames().equals(List.of("compute"))).singleElement()
                .satisfies(g -> assertThat(g.unchanged()).isZero());
        assertThat(second.virtualThreadStacks()).filteredOn(g -> g.frames().equals(List.of("read"))).singleElement()
                .satisfies(g -> assertThat(g.unchanged()).isEqualTo(1));
        assertThat(second.unchangedVirtualThreads()).isEqualTo(2);
    }

    @Test
    void somethingElseIsRefusedWithAReason() {
        assertThatThrownBy(() -> ThreadDump.parse("{\"threads\": []}", 0)).isInstanceOf(IOException.class).hasMessageContaining("not a JSON thread dump");
        assertThatThrownBy(() -> ThreadDump.parse("Full thread dump OpenJDK", 0)).isInstanceOf(IOException.class);
    }
}
