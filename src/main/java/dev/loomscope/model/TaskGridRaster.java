package dev.loomscope.model;

import java.util.Arrays;

/**
 * Paints every task's state into an ARGB pixel buffer, in submission order, row by row. With room
 * to spare each task is a cell of a few pixels; when cells would be thinner than two pixels (100k
 * to 1M tasks), each pixel averages the colours of the tasks it covers, like Perfetto's per-pixel
 * binning. Either
 * way the cost is one pass over the states and one over the pixels, whatever the task count.
 */
public final class TaskGridRaster {

    /** Smallest cell side drawn as a cell; below this the grid switches to per-pixel averaging. */
    static final int MIN_CELL = 2;

    private TaskGridRaster() {
    }

    /**
     * How the tasks are laid out in a width x height area.
     *
     * @param cellWidth   width of a task's cell, in pixels (1 when per pixel)
     * @param cellHeight  height of a task's cell
     * @param gap         pixels between cells
     * @param usedPixels  per pixel: how many pixels (from the top left, row by row) carry tasks
     */
    public record Layout(int cellWidth, int cellHeight, int gap, int columns, int rows, boolean perPixel, int usedPixels) {
        /** The task under a pixel, or -1 where there is none. */
        public int taskAt(int x, int y, int tasks, int width, int height) {
            if (x < 0 || y < 0 || x >= width || y >= height) {
                return -1;
            }
            if (perPixel) {
                long pixel = (long) y * width + x;
                return pixel < usedPixels ? (int) (pixel * tasks / usedPixels) : -1;
            }
            int column = x / (cellWidth + gap);
            int row = y / (cellHeight + gap);
            int task = row * columns + column;
            return column < columns && row < rows && task < tasks ? task : -1;
        }
    }

    /**
     * Cells as close to square as the area allows, filling it: columns and rows in the area's
     * proportions, then each cell as wide and as tall as they leave room for (with a one-pixel gap
     * once cells are big enough to show it). Cells narrower or shorter than {@link #MIN_CELL}
     * switch to one pixel per task or less.
     */
    public static Layout layout(int tasks, int width, int height) {
        if (tasks <= 0 || width <= 0 || height <= 0) {
            return new Layout(0, 0, 0, 0, 0, true, 0);
        }
        int columns = (int) Math.max(1, Math.min(tasks, Math.ceil(Math.sqrt((double) tasks * width / height))));
        int rows = (tasks + columns - 1) / columns;
        int pitchX = width / columns;
        // Whole-pixel cells leave a strip at the right: take as many columns as the width holds.
        columns = Math.min(tasks, Math.max(1, width / Math.max(1, pitchX)));
        rows = (tasks + columns - 1) / columns;
        int pitchY = height / rows;
        if (pitchX >= MIN_CELL && pitchY >= MIN_CELL) {
            int gap = Math.min(pitchX, pitchY) >= 6 ? 1 : 0;
            return new Layout(pitchX - gap, pitchY - gap, gap, columns, rows, false, 0);
        }
        // Every pixel is used: with fewer tasks than pixels a task spans a pixel or two along its row.
        return new Layout(1, 1, 0, width, height, true, width * height);
    }

    /**
     * Paints {@code states} into {@code pixels} (width x height, row-major ARGB). {@code palette}
     * maps each state byte (state | pinned flag) to an opaque ARGB colour; {@code background} fills
     * the rest.
     */
    public static Layout paint(byte[] states, int tasks, int width, int height, int[] palette, int background, int[] pixels) {
        return paint(states, tasks, width, height, palette, null, background, pixels);
    }

    /**
     * As above, each cell also marked with its state's pattern ({@code patterns}, one per palette
     * entry; null for colour alone) where cells are at least {@link StatePattern#MIN_CELL} a side.
     */
    public static Layout paint(byte[] states, int tasks, int width, int height, int[] palette, StatePattern[] patterns, int background,
                               int[] pixels) {
        Arrays.fill(pixels, 0, width * height, background);
        Layout layout = layout(tasks, width, height);
        if (layout.columns() == 0) {
            return layout;
        }
        if (layout.perPixel()) {
            paintPerPixel(states, tasks, layout.usedPixels(), palette, pixels);
        } else if (patterns != null && Math.min(layout.cellWidth(), layout.cellHeight()) >= StatePattern.MIN_CELL) {
            paintMarkedCells(states, tasks, width, layout, palette, patterns, background, pixels);
        } else {
            paintCells(states, tasks, width, layout, palette, pixels);
        }
        return layout;
    }

    private static void paintCells(byte[] states, int tasks, int width, Layout layout, int[] palette, int[] pixels) {
        int pitchX = layout.cellWidth() + layout.gap();
        int pitchY = layout.cellHeight() + layout.gap();
        for (int task = 0; task < tasks; task++) {
            int color = palette[states[task] & 0x0F];
            int x0 = (task % layout.columns()) * pitchX;
            int y0 = (task / layout.columns()) * pitchY;
            for (int y = y0; y < y0 + layout.cellHeight(); y++) {
                int row = y * width;
                Arrays.fill(pixels, row + x0, row + x0 + layout.cellWidth(), color);
            }
        }
    }

    private static void paintMarkedCells(byte[] states, int tasks, int width, Layout layout, int[] palette, StatePattern[] patterns,
                                         int background, int[] pixels) {
        int w = layout.cellWidth();
        int h = layout.cellHeight();
        // Each entry's cell, drawn once: a cell is then rows copied from it.
        int[][] cells = new int[palette.length][];
        for (int entry = 0; entry < palette.length; entry++) {
            int[] cell = new int[w * h];
            int marked = StatePattern.markColour(palette[entry], background);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    cell[y * w + x] = patterns[entry].marks(x, y, w, h) ? marked : palette[entry];
                }
            }
            cells[entry] = cell;
        }
        int pitchX = w + layout.gap();
        int pitchY = h + layout.gap();
        for (int task = 0; task < tasks; task++) {
            int[] cell = cells[states[task] & 0x0F];
            int x0 = (task % layout.columns()) * pitchX;
            int y0 = (task / layout.columns()) * pitchY;
            for (int y = 0; y < h; y++) {
                System.arraycopy(cell, y * w, pixels, (y0 + y) * width + x0, w);
            }
        }
    }

    /**
     * Each pixel covers tasks [p*n/P, (p+1)*n/P) (at least one): their colours are averaged channel
     * by channel. Bounds step by a double ratio and averages use a reciprocal, so the loop does no
     * integer division: this runs every frame over up to a million tasks.
     */
    private static void paintPerPixel(byte[] states, int tasks, int used, int[] palette, int[] pixels) {
        double tasksPerPixel = (double) tasks / used;
        for (int p = 0; p < used; p++) {
            int from = Math.min(tasks - 1, (int) (p * tasksPerPixel));
            int to = Math.min(tasks, Math.max(from + 1, (int) ((p + 1) * tasksPerPixel)));
            int n = to - from;
            if (n == 1) {
                pixels[p] = palette[states[from] & 0x0F];
                continue;
            }
            long r = 0;
            long g = 0;
            long b = 0;
            for (int task = from; task < to; task++) {
                int c = palette[states[task] & 0x0F];
                r += (c >>> 16) & 0xFF;
                g += (c >>> 8) & 0xFF;
                b += c & 0xFF;
            }
            long reciprocal = (1L << 24) / n + 1;
            pixels[p] = 0xFF000000 | (int) ((r * reciprocal) >>> 24) << 16 | (int) ((g * reciprocal) >>> 24) << 8
                    | (int) ((b * reciprocal) >>> 24);
        }
    }
}
