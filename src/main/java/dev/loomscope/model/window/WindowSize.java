package dev.loomscope.model.window;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The window's size as {@code --size WxH} asks for it ({@code window}, {@code stage-bench}), and the smallest the
 * window keeps. One source for both, so that a size asked is the size shown: the stage never opens smaller than
 * {@link #SMALLEST}, so a smaller size is refused, saying so, rather than quietly grown (a screenshot asked at
 * 800x600 would have come out 960x640).
 */
public record WindowSize(int width, int height) {

    /** The smallest the window's stage can be made: below it the sidebar and the charts no longer fit. */
    public static final WindowSize SMALLEST = new WindowSize(960, 640);
    /** An 8K screen: a size past it is a typo (an extra digit), refused rather than opened off every screen. */
    public static final WindowSize LARGEST = new WindowSize(7680, 4320);

    private static final Pattern FORM = Pattern.compile("(\\d{1,5})x(\\d{1,5})");

    /** The size {@code text} gives ({@code 1440x900}), if it has that form and lies from SMALLEST to LARGEST. */
    public static Optional<WindowSize> parse(String text) {
        var match = FORM.matcher(text);
        if (!match.matches()) {
            return Optional.empty();
        }
        var size = new WindowSize(Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)));
        boolean fits = size.width >= SMALLEST.width && size.height >= SMALLEST.height
                && size.width <= LARGEST.width && size.height <= LARGEST.height;
        return fits ? Optional.of(size) : Optional.empty();
    }

    /** As the option is written: {@code 1440x900}. */
    @Override
    public String toString() {
        return width + "x" + height;
    }
}
