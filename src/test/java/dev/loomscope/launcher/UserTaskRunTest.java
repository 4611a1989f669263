package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Poll;
import dev.loomscope.testing.TaskFiles;
import dev.loomscope.testing.TestJvms;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A user's task in real runner JVMs: its pins carry its own file's lines, and Stop ends a task that never returns. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UserTaskRunTest {

    @Test
    void aPinInTheUsersCodeIsReportedWithTheUsersClassAndLine() throws Exception {
        var pins = new CopyOnWriteArrayList<JfrEvent>();
        RunResult result;
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named("PinsInClassInit.java"))) {
            Scenario scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(4).withSleepMs(0).withCarriers(2)
                    .withUserTask(compiled.task()).build();
            result = TestJvms.runner().run(scenario, RunOptions.DEFAULT, new RunListener() {
                @Override
                public void onJfrEvents(List<JfrEvent> events) {
                    events.stream().filter(e -> e.kind().equals(JfrEvent.PINNED)).forEach(pins::add);
                }
            });
        }
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(4);
        assertThat(result.vm().pinnedEvents()).isPositive();
        // The first task sleeps in the static initializer, line 13 of the user's file.
        assertThat(pins).extracting(JfrEvent::stackTrace).anySatisfy(stack -> assertThat(stack).contains("example.pins.PinsInClassInit$Slow.<clinit>:13", "example.pins.PinsInClassInit.call:"));
    }

    @Test
    void aCallThatThrowsEndsItsWaitAndFailsItsTask() throws Exception {
        long[] byType = new long[EventType.values().length];
        RunResult result;
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named("Throws.java"))) {
            Scenario scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(0).withCarriers(2)
                    .withUserTask(compiled.task()).build();
            result = TestJvms.runner().run(scenario, RunOptions.DEFAULT.withoutJfr(), new RunListener() {
                @Override
                public void onEvents(EventBatch batch) {
                    for (int i = 0; i < batch.size(); i++) {
                        byType[batch.type(i).ordinal()]++;
                    }
                }
            });
        }
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(5);
        assertThat(result.failed()).isEqualTo(5);
        // Every call that began waiting stopped waiting, the failed ones too: the window's Waiting tile ends at 0.
        assertThat(byType[EventType.BLOCKED.ordinal()]).isEqualTo(10);
        assertThat(byType[EventType.RESUMED.ordinal()]).isEqualTo(10);
        assertThat(byType[EventType.FAILED.ordinal()]).isEqualTo(5);
    }

    @Test
    void stopEndsATaskThatNeverReturnsAndItsJvm() throws Exception {
        double tookMs = stopATaskThatNeverReturns(30);
        assertThat(tookMs).isPositive();
    }

    /** How long Stop takes is a bound on time: it runs apart, on a quiet machine. */
    @Test
    @Tag("timing")
    void stopEndsATaskThatNeverReturnsWithinASecond() throws Exception {
        assertThat(stopATaskThatNeverReturns(1)).isLessThan(1_000);
    }

    /** Starts two tasks that spin forever ignoring interrupts, stops the run once both are inside call(); returns how long the stop took. */
    private static double stopATaskThatNeverReturns(int waitSeconds) throws Exception {
        var inCall = new AtomicLong();
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named("NeverReturns.java"))) {
            Scenario scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(2).withSleepMs(0).withCarriers(2)
                    .withUserTask(compiled.task()).build();
            RunHandle handle = TestJvms.runner().start(scenario, RunOptions.DEFAULT.withoutJfr(), new RunListener() {
                @Override
                public void onEvents(EventBatch batch) {
                    for (int i = 0; i < batch.size(); i++) {
                        if (batch.type(i) == EventType.BLOCKED) {
                            inCall.incrementAndGet();
                        }
                    }
                }
            });
            Poll.until("both tasks inside call()", Duration.ofSeconds(30), () -> inCall.get() == 2);
            long stop = System.nanoTime();
            handle.cancel();
            RunResult result = handle.result().get(waitSeconds, TimeUnit.SECONDS);
            double tookMs = (System.nanoTime() - stop) / 1e6;
            assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
            assertThat(result.completed()).isZero();
            assertThat(ProcessHandle.of(handle.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            return tookMs;
        }
    }
}
