package dev.loomscope.ui.theme;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;
import org.kordamp.ikonli.material2.Material2OutlinedAL;
import org.kordamp.ikonli.material2.Material2OutlinedMZ;

/** What each icon means, so views never spell icon codes. */
public enum Icons {
    APP(Material2OutlinedAL.BLUR_ON),
    RUN(Material2MZ.PLAY_ARROW),
    STOP(Material2MZ.STOP),
    THEME_DARK(Material2OutlinedMZ.NIGHTS_STAY),
    THEME_LIGHT(Material2OutlinedMZ.WB_SUNNY),
    SCREENSHOT(Material2OutlinedAL.CAMERA_ALT),
    ERROR(Material2OutlinedAL.ERROR_OUTLINE),
    CLOSE(Material2AL.CLOSE),
    HISTORY(Material2MZ.RESTORE),
    PIN(Material2MZ.PUSH_PIN),
    WEB(Material2MZ.PUBLIC),
    ZOOM_FIT(Material2MZ.ZOOM_OUT_MAP),
    EXPORT(Material2OutlinedMZ.SAVE_ALT),
    REPLAY(Material2MZ.SLOW_MOTION_VIDEO),
    RACE(Material2AL.COMPARE_ARROWS),
    DOCS(Material2AL.HELP_OUTLINE),
    GLOSSARY(Material2MZ.MENU_BOOK),
    PLAY(Material2MZ.PLAY_ARROW),
    PAUSE(Material2MZ.PAUSE),
    MORE(Material2MZ.MORE_HORIZ),
    OBSERVE(Material2MZ.TRACK_CHANGES),
    OPEN(Material2AL.FOLDER_OPEN),
    THREAD_DUMP(Material2AL.LAYERS),
    REFRESH(Material2MZ.REFRESH),
    BACK(Material2AL.ARROW_BACK),
    PREVIOUS(Material2AL.CHEVRON_LEFT),
    NEXT(Material2AL.CHEVRON_RIGHT),
    CODE(Material2AL.CODE);

    private final Ikon ikon;

    Icons(Ikon ikon) {
        this.ikon = ikon;
    }

    public FontIcon create() {
        return new FontIcon(ikon);
    }

    public FontIcon create(int size) {
        var icon = new FontIcon(ikon);
        icon.setIconSize(size);
        return icon;
    }
}
