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
        // jcmd's text dump, jstack's output, a log holding a SIGQUIT dump: what they hold is checked when they are opened.
        assertThat(OpenParts.opens(List.of(new File("threads.txt")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("jstack.tdump")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("service.log")))).isTrue();
        assertThat(OpenParts.opens(List.of(new File("slides.pdf")))).isFalse();
        assertThat(OpenParts.opens(List.of(new File("app.jfr"), new File("slides.pdf")))).isFalse();
        assertThat(OpenParts.opens(List.of())).isFalse();
    }
}
