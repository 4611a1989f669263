package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.TaskCompiler;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.TaskFiles;
import dev.loomscope.testing.TestJvms;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.shell.MainWindow;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scenario of the runner's CarrierThreadsTest in the window: 8 virtual threads on 2 carriers
 * each read a child process's output, a call the scheduler compensates for. The carriers it adds
 * are real carrier threads running tasks, and the lanes give each its own lane, named as added.
 */
@WindowTest
class AddedCarrierLanesTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    @Test
    void carriersTheSchedulerAddsForHeldOnesGetLanesOfTheirOwn() throws Exception {
        try (var compiled = TaskCompiler.compileFile(TaskFiles.named("ReadsAChildProcess.java"))) {
            Scenario scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(8).withSleepMs(300).withCarriers(2)
                    .withUserTask(compiled.task()).build();
            MainWindow window = opened.open(new RunSession(TestJvms.runner(), RunOptions.DEFAULT), null);
            Fx.run(() -> window.state().setPlaybackAfterRuns(false));

            window.session().start(List.of(scenario));
            Fx.waitUntil("the run done", Duration.ofSeconds(120), () -> !window.session().isRunning()
                    && !window.session().history().isEmpty() && window.session().history().getLast().result() != null);
            RunModel run = window.session().history().getLast();
            assertThat(run.result().isCompleted()).as(run.result().message()).isTrue();
            assertThat(run.result().carrierPeak()).as("carrier threads at most").isGreaterThan(2);

            var lanes = run.lanes();
            // While the two carriers asked for are held in reads, the other tasks can only have run on added ones.
            assertThat(lanes.laneCount()).isGreaterThan(2);
            assertThat(lanes.addedLanes()).isEqualTo(lanes.laneCount() - 2);
            assertThat(lanes.laneName(0)).isEqualTo("carrier 1");
            assertThat(lanes.laneName(2)).isEqualTo("carrier 3 (added)");
            Fx.waitUntil("the run's lanes drawn", Duration.ofSeconds(10), () -> window.shownRun() == run
                    && !new WindowProbe(window).lanes().labelBounds().isEmpty());
        }
    }
}
