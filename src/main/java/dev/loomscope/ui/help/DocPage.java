package dev.loomscope.ui.help;

/**
 * The page of docs/ that explains what the window shows, and the section of it where one fits:
 * F1 opens it. Plain logic, no toolkit: the window says what is on screen, this picks the page.
 */
public enum DocPage {
    /** An experiment (a preset or settings of one's own): what it shows, predictions, the Why sentence. */
    EXPERIMENT("learning.md", null),
    /** The Sweep tab: one setting over a range. */
    SWEEP("learning.md", "sweeps-one-setting-over-a-range"),
    /** The Web tab: the web experiments' service and load. */
    WEB("learning.md", "the-web-experiments-serve-and-load"),
    /** Observe mode: a running JVM of one's own. */
    OBSERVE("observing.md", null),
    /** Presentation mode: presets, keys, speaker notes, replays. */
    PRESENTING("presenting.md", null);

    private final String file;
    private final String section;

    DocPage(String file, String section) {
        this.file = file;
        this.section = section;
    }

    /** Its file in docs/. */
    public String file() {
        return file;
    }

    /** The anchor of its section (a heading as GitHub spells its link), or null for the whole page. */
    public String section() {
        return section;
    }

    /**
     * The page for what is on screen. On stage the presenter's page comes first (the room sees the
     * window; the presenter asks how to drive it); then the observed JVM, which takes the centre;
     * then the tab under the lanes, as a sweep or the web service has a section of its own.
     *
     * @param shownTab the name of the tab under the lanes (results, jfr, sweep, web), or null
     */
    public static DocPage forScreen(boolean presenting, boolean observing, String shownTab) {
        if (presenting) {
            return PRESENTING;
        }
        if (observing) {
            return OBSERVE;
        }
        if ("sweep".equals(shownTab)) {
            return SWEEP;
        }
        return "web".equals(shownTab) ? WEB : EXPERIMENT;
    }
}
