package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AfterFirstFrameTest {

    private final List<String> done = new ArrayList<>();
    private final AfterFirstFrame afterFirstFrame = new AfterFirstFrame();

    @Test
    void whatReportsTheFirstFrameComesBeforeTheHeldBackPartsWhichStillJoin() {
        afterFirstFrame.then(() -> done.add("cards")).then(() -> done.add("picker"));
        afterFirstFrame.first(() -> done.add("shown"));
        assertThat(done).isEmpty();

        afterFirstFrame.join();

        assertThat(done).containsExactly("shown", "cards", "picker");
        assertThat(afterFirstFrame.joined()).isTrue();
    }

    @Test
    void onceJoinedEachIsDoneAtOnceAndNothingTwice() {
        afterFirstFrame.then(() -> done.add("cards"));
        afterFirstFrame.join();
        afterFirstFrame.join();
        afterFirstFrame.first(() -> done.add("shown"));
        afterFirstFrame.then(() -> done.add("later"));

        assertThat(done).containsExactly("cards", "shown", "later");
    }
}
