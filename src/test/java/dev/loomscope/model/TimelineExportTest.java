package dev.loomscope.model;

import static dev.loomscope.protocol.EventType.BLOCKED;
import static dev.loomscope.protocol.EventType.FINISHED;
import static dev.loomscope.protocol.EventType.RESUMED;
import static dev.loomscope.protocol.EventType.STARTED;
import static dev.loomscope.protocol.EventType.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Events;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineExportTest {

    /** Two tasks on a fixed pool of one thread (21): each runs 1 ms, sleeps 10 ms holding the thread, runs to its end. */
    private static RunModel finishedPoolRun() {
        var model = new RunModel(7, Scenario.of(ExecutorKind.FIXED).withTasks(2).withPool(1).withSleepMs(10).build(), 2);
        var events = new Events();
        for (int task = 0; task < 2; task++) {
            double t = task * 12;
            events.platform(SUBMITTED, task, 0, 1).platform(STARTED, task, t, 21).platform(BLOCKED, task, t + 1, 21)
                    .platform(RESUMED, task, t + 11, 21).platform(FINISHED, task, t + 12, 21);
        }
        model.onEvents(events.batch());
        model.finish(RunResult.failed(model.scenario(), model.idealMs(), "test"));
        return model;
    }

    @Test
    void theCsvHasEveryEventInTimeOrder() throws Exception {
        var out = new StringWriter();
        TimelineExport.csv(finishedPoolRun(), out);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.getFirst()).isEqualTo("time_ms,task,event,thread,carrier");
        assertThat(lines).hasSize(1 + 10);
        assertThat(lines.get(lines.size() - 1)).isEqualTo("24.000000,1,finished,21,21");
    }

    @Test
    void theJsonCarriesTheRunAndItsEvents() throws Exception {
        var out = new ByteArrayOutputStream();
        TimelineExport.json(finishedPoolRun(), out);
        JsonNode json = new ObjectMapper().readTree(out.toByteArray());
        assertThat(json.get("run").get("executor").asText()).isEqualTo("fixed");
        assertThat(json.get("events")).hasSize(10);
        assertThat(json.get("events").get(0).get("event").asText()).isEqualTo("submitted");
        assertThat(json.get("events").get(9).get("event").asText()).isEqualTo("finished");
    }

    @Test
    void thePerfettoTraceHasASlicePerMountAndPerHeldWaitOnTheThreadsTrack() throws Exception {
        var out = new ByteArrayOutputStream();
        TimelineExport.perfetto(finishedPoolRun(), out);
        JsonNode trace = new ObjectMapper().readTree(out.toByteArray());
        var slices = new ArrayList<JsonNode>();
        trace.get("traceEvents").forEach(e -> {
            if (e.get("ph").asText().equals("X")) {
                slices.add(e);
            }
        });
        // Per task: running 1 ms, held 10 ms, running 1 ms.
        assertThat(slices).hasSize(6);
        assertThat(slices).allSatisfy(s -> assertThat(s.get("tid").asLong()).isEqualTo(21));
        assertThat(slices.stream().filter(s -> s.get("cat").asText().equals("held")).map(s -> s.get("dur").asDouble()))
                .containsExactly(10_000.0, 10_000.0);
        assertThat(slices.getFirst().get("name").asText()).isEqualTo("task 1");
        assertThat(trace.get("traceEvents").findValuesAsText("name")).contains("thread_name");
    }

    @Test
    void aRunStillGoingHasNoTimelineYet() {
        var model = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(1).withSleepMs(1).build(), 2);
        assertThatThrownBy(() -> TimelineExport.csv(model, new StringWriter())).hasMessageContaining("until it ends");
    }
}
