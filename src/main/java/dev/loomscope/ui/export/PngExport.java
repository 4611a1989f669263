package dev.loomscope.ui.export;

import dev.loomscope.ui.fx.Messages;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;

/** Writes what a node shows as a PNG, at 1x or 2x (for slides), through the JDK's ImageIO. */
public final class PngExport {

    private PngExport() {
    }

    /** Takes the picture; must run on the FX thread. */
    public static WritableImage snapshot(Node node, double scale) {
        var parameters = new SnapshotParameters();
        parameters.setTransform(Transform.scale(scale, scale));
        return node.snapshot(parameters, null);
    }

    /**
     * Writes the picture to {@code file} (may run on any thread).
     *
     * @throws IOException with a message that names the file and the reason
     */
    public static void write(WritableImage image, Path file) throws IOException {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] argb = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
        var buffered = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        buffered.setRGB(0, 0, width, height, argb, 0, width);
        SavedFile.write(file, out -> {
            if (!ImageIO.write(buffered, "png", out)) {
                throw new IOException(Messages.text("export.no-png-writer"));
            }
        });
    }
}
