package dev.loomscope.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Names listed as a sentence lists them: a run on three JDKs names "21, 24 and 25", not "21 and 24 and 25". */
class TextListTest {

    @Test
    void namesAreListedWithCommasAndOneAnd() {
        assertThat(Text.list(List.of())).isEmpty();
        assertThat(Text.list(List.of("25.0.3"))).isEqualTo("25.0.3");
        assertThat(Text.list(List.of("21.0.9", "25.0.3"))).isEqualTo("21.0.9 and 25.0.3");
        assertThat(Text.list(List.of("21.0.9", "24.0.2", "25.0.3"))).isEqualTo("21.0.9, 24.0.2 and 25.0.3");
    }
}
