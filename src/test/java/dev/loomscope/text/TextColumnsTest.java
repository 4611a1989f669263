package dev.loomscope.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The plain-text tables' name column: as wide as its widest entry or heading, so what follows stands in line. */
class TextColumnsTest {

    @Test
    void aColumnIsAsWideAsItsWidestEntryOrHeading() {
        String names = Text.leftColumn("run", List.of("virtual", "virtual, synchronized", "fixed(200)"));
        assertThat(names.formatted("virtual") + "|").isEqualTo("virtual              |");
        assertThat(names.formatted("virtual, synchronized") + "|").isEqualTo("virtual, synchronized|");
        assertThat(Text.leftColumn("preset", List.of("cpu"))).isEqualTo("%-6s");
        // No entries and no heading: still a column a format can hold.
        assertThat(Text.leftColumn("", List.of()).formatted("x")).isEqualTo("x");
    }
}
