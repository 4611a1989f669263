package dev.loomscope.ui.views;

import java.nio.IntBuffer;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/**
 * A picture painted pixel by pixel into ints (the task waves, the carrier lanes), shown as a
 * {@link WritableImage} over a {@link PixelBuffer} of those very ints, in the format the software
 * pipeline draws from (INT_ARGB_PRE). A {@code setPixels} per paint converted them to the image's
 * bytes on the FX thread, and the render thread converted those back to ints (docs/performance.md).
 * Every colour painted must be opaque: premultiplied is then the same ints.
 */
final class OpaqueRaster {

    private final int[] pixels;
    private final PixelBuffer<IntBuffer> buffer;
    private final WritableImage image;

    OpaqueRaster(int width, int height) {
        pixels = new int[width * height];
        buffer = new PixelBuffer<>(width, height, IntBuffer.wrap(pixels), PixelFormat.getIntArgbPreInstance());
        image = new WritableImage(buffer);
    }

    boolean hasSize(int width, int height) {
        return width() == width && height() == height;
    }

    int width() {
        return buffer.getWidth();
    }

    int height() {
        return buffer.getHeight();
    }

    /** The ints to paint, row by row, in {@link #paint}. */
    int[] pixels() {
        return pixels;
    }

    WritableImage image() {
        return image;
    }

    /** Runs {@code painter} inside {@code updateBuffer}, the one place JavaFX lets the pixels change; all of them count as new. */
    void paint(Runnable painter) {
        buffer.updateBuffer(changed -> {
            painter.run();
            return null;
        });
    }
}
