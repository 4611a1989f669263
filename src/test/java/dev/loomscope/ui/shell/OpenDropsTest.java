package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which files dropped on the window it takes: one or two recordings or thread dumps, by their names. */
class OpenDropsTest {

    @Test
    void oneOrTwoRecordingsOrDumpsAreTakenAnythingElseIsNot() {
        assertThat(OpenParts.opens(List.of(new File("/tmp/app.jfr")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("threads.JSON")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("before.jfr"), new File("after.jfr")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("a.jfr"), new File("b.jfr"), new File("c.jfr")))).isFalse();
        assertThat(OpenParts.opens(List.of(new File("notes.txt")))).isFalse();
        assertThat(OpenParts.opens(List.of(new File("app.jfr"), new File("slides.pdf")))).isFalse();
        assertThat(OpenParts.opens(List.of())).isFalse();
    }
}
