package dev.loomscope.ui.actions;

import dev.loomscope.ui.shell.InfoOverlay;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The action table is the one source of the window's keys: the card, the tooltips and docs/presenting.md say what it says. */
class ActionTest {

    @Test
    void everyActionHasWordsAndNoTwoShareAKey() {
        var keys = new HashSet<String>();
        for (Action action : Action.values()) {
            assertThat(action.help()).as(action + " help").isNotBlank();
            assertThat(action.keys().isEmpty() && action.typed() == null).as(action + " has a key").isFalse();
            assertThat(action.tooltip()).as(action + " tooltip names its keys").endsWith("(" + action.keysText().replace(", ", " or ") + ")");
            action.keys().forEach(key -> assertThat(keys.add(Action.spoken(key))).as("%s's key %s is taken", action, Action.spoken(key)).isTrue());
        }
        assertThat(Action.RUN.keysText()).isEqualTo("Ctrl+R, F5");
        assertThat(Action.RACE.keysText()).isEqualTo("Ctrl+Shift+P");
        assertThat(Action.NEXT_PRESET.keysText()).isEqualTo("Page Down");
    }

    @Test
    void theShortcutCardShowsEachActionOnceAndPairsOnOneLine() {
        List<String[]> rows = InfoOverlay.shortcutRows();
        assertThat(rows).extracting(row -> row[0]).contains("Page Down / Page Up", "[ / ]", "?").doesNotContain("Page Up");
        long pairs = rows.stream().filter(row -> row[0].contains(" / ")).count();
        assertThat(rows).hasSize(Action.values().length - (int) pairs);
    }

    @Test
    void thePresentersPageListsEveryShortcutOfTheCardWordForWord() throws IOException {
        String page = Files.readString(Path.of("docs", "presenting.md"));
        for (String[] row : InfoOverlay.shortcutRows()) {
            assertThat(page).as("the table of keys in docs/presenting.md").contains("| " + escaped(row[0]) + " | " + row[1] + " |");
        }
    }

    /** In a Markdown table, "[" and "?" are plain; "|" would not be. */
    private static String escaped(String keys) {
        return keys.replace("|", "\\|");
    }
}
