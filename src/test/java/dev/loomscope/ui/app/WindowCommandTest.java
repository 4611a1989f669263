package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.cli.LoomScopeCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code loomscope} with no options opens with {@link WindowCommand.Settings#DEFAULT}, not reading its options: they must agree. */
class WindowCommandTest {

    @Test
    void noOptionsGiveTheDefaultsThePlainStartOpensWith() {
        assertThat(WindowCommand.parse()).isEqualTo(WindowCommand.Settings.DEFAULT);
    }

    @Test
    void anOptionMovesTheSettingsAwayFromTheDefaults() {
        // The comparison above can tell settings apart: one option is enough.
        var light = WindowCommand.parse("--theme", "light");
        assertThat(light).isNotEqualTo(WindowCommand.Settings.DEFAULT);
        assertThat(light.look().dark()).isFalse();
        assertThat(light.look().theme()).isEqualTo(WindowCommand.Theme.LIGHT);
        assertThat(WindowCommand.parse("--size", "1280x720")).isEqualTo(WindowCommand.Settings.DEFAULT.withSize(1280, 720));
    }

    @Test
    void eachOptionLandsInItsGroup() {
        var settings = WindowCommand.parse("--high-contrast", "--patterns", "--reduced-motion", "--presentation", "--notes", "--size", "1280x720",
                "--results", "r.json", "--race", "--repeat", "3", "--tab", "jfr", "--executor", "virtual", "--tasks", "20");
        assertThat(settings.look()).isEqualTo(new WindowCommand.Settings.Look(WindowCommand.Theme.DARK, true, true, true, true, true, 1280, 720));
        assertThat(settings.script().results()).hasToString("r.json");
        assertThat(settings.script().race()).isTrue();
        assertThat(settings.script().repeat()).isEqualTo(3);
        assertThat(settings.script().tab()).isEqualTo(WindowCommand.Tab.JFR);
        assertThat(settings.script().scripted()).isTrue();
        assertThat(settings.run().atStart()).isTrue();
        assertThat(settings.run().scenarios()).singleElement().satisfies(s -> assertThat(s.tasks()).isEqualTo(20));
        assertThat(settings.observe().observes()).isFalse();
    }

    @Test
    void theSmallestAndLargestSizesAreTakenAsAsked() {
        assertThat(WindowCommand.parse("--size", "960x640").look()).extracting(l -> l.width(), l -> l.height()).containsExactly(960, 640);
        assertThat(WindowCommand.parse("--size", "7680x4320").look()).extracting(l -> l.width(), l -> l.height()).containsExactly(7680, 4320);
    }

    @Test
    void aDumpOfTheFileOpenedIsChosenByNumberOrLast(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        var log = java.nio.file.Files.writeString(dir.resolve("service.log"), "Full thread dump OpenJDK 64-Bit Server VM (25.0.3+9-LTS):\n");
        assertThat(WindowCommand.parse("--open", log.toString()).observe().dump()).as("the first, unless asked").isEqualTo(1);
        assertThat(WindowCommand.parse("--open", log.toString(), "--dump", "3").observe().dump()).isEqualTo(3);
        assertThat(WindowCommand.parse("--open", log.toString(), "--dump", "last").observe().dump())
                .isEqualTo(dev.loomscope.recording.ThreadDumpReader.LAST_DUMP);
    }

    /** The spellings --record-view and --tab always took, the views' names with their spaces, are read as before. */
    @ParameterizedTest
    @CsvSource({"window, WINDOW", "task waves, TASK_WAVES", "carrier lanes, CARRIER_LANES", "charts, CHARTS", "Task Waves, TASK_WAVES"})
    void recordViewsAreReadAsTheyWereSpelled(String spelling, WindowCommand.RecordView view) {
        var settings = WindowCommand.parse("--record", "clip.gif", "--record-view", spelling);
        assertThat(settings.script().recordView()).isEqualTo(view);
        assertThat(settings.script().recordsGif()).isTrue();
        assertThat(view.viewName()).isEqualTo(spelling.toLowerCase(java.util.Locale.ROOT));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--theme purple          | --theme: no theme 'purple'; choose from dark, light",
            "--record-view lanes     | --record-view: no view 'lanes'; choose from window, task waves, carrier lanes, charts",
            "--tab logs              | --tab: no tab 'logs'; choose from results, jfr, sweep, web, task",
            "--scale big             | --scale: 'big' is not a number",
            "--sweep tasks           | --sweep must look like cpu-ms=0..40:3 (setting=from..to:points), got tasks",
            // The stage keeps at least 960x640: a smaller size would be shown larger than asked.
            "--size 800x600          | --size must be WIDTHxHEIGHT in pixels, from 960x640 to 7680x4320 (got 800x600)",
            "--size 1440x639         | --size must be WIDTHxHEIGHT in pixels, from 960x640 to 7680x4320 (got 1440x639)",
            "--size 14400x900        | --size must be WIDTHxHEIGHT in pixels, from 960x640 to 7680x4320 (got 14400x900)",
            "--size 1440             | --size must be WIDTHxHEIGHT in pixels, from 960x640 to 7680x4320 (got 1440)",
            "--dump 2                | --dump goes with --open and a single file",
            "--dump first            | --dump: 'first' is not a dump's number (1, 2, ...) or last"})
    void aChoiceNoneOfTheWindowsIsRefusedInPlainWords(String option, String message) {
        var err = new StringWriter();
        var commandLine = LoomScopeCommand.alone(new WindowCommand(), "loomscope window");
        commandLine.setErr(new PrintWriter(err));

        int exit = commandLine.execute(option.strip().split("\\s+"));

        assertThat(exit).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(err.toString().strip()).isEqualTo("loomscope: " + message + " (see 'loomscope window --help')");
    }
}
