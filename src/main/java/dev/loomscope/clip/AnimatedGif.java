package dev.loomscope.clip;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * Writes a looping animated GIF with the JDK's own GIF writer ({@code javax.imageio}), frame by
 * frame, as the frames come.
 *
 * <p>A clip of a window mostly repeats itself: only the part of each frame that changed since the
 * last one is written (a GIF frame may cover part of the picture, over what the frames before it
 * left), and a frame that changed nothing only lengthens the one before. That is what keeps ten
 * seconds of a 1280x720 window in a few megabytes. Each written part gets a palette of its own
 * ({@link ColourQuantizer}).
 *
 * <p>Not thread-safe: one thread adds the frames (the clip recorder's writer thread).
 */
public final class AnimatedGif implements AutoCloseable {

    /** GIF delays are in hundredths of a second; a frame shorter than 2 is stretched by most viewers. */
    private static final int MIN_DELAY_CS = 2;

    private final ImageOutputStream out;
    private final ImageWriter writer;
    private final int width;
    private final int height;
    private int[] shown;
    private int[] pending;
    private Region pendingRegion;
    private long pendingAtMs;
    private long lastAtMs = -1;
    private int written;
    private int added;
    private final ColourQuantizer quantizer = new ColourQuantizer();

    /** A clip of {@code width x height} pixels, written to {@code stream} (closed with the clip). */
    public AnimatedGif(OutputStream stream, int width, int height) throws IOException {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a clip needs a size of at least 1x1 (got " + width + "x" + height + ")");
        }
        this.width = width;
        this.height = height;
        this.out = ImageIO.createImageOutputStream(stream);
        this.writer = ImageIO.getImageWritersByFormatName("gif").next();
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    /**
     * Adds a frame, shown from {@code atMs} (milliseconds from the clip's start, never decreasing)
     * until the next frame's time.
     *
     * @param argb the frame's pixels, row by row, {@code width x height} of them (copied)
     */
    public void add(int[] argb, long atMs) throws IOException {
        if (argb.length != width * height) {
            throw new IllegalArgumentException("a frame of this clip has %d pixels (got %d)".formatted(width * height, argb.length));
        }
        if (atMs < lastAtMs) {
            throw new IllegalArgumentException("frames come in time order (%d ms after %d ms)".formatted(atMs, lastAtMs));
        }
        lastAtMs = atMs;
        added++;
        Region changed = shown == null ? new Region(0, 0, width, height) : Region.changed(shown, argb, width, height);
        if (changed == null) {
            return; // the frame before stays up longer
        }
        flushPending(atMs);
        if (shown == null) {
            shown = new int[argb.length];
        }
        System.arraycopy(argb, 0, shown, 0, argb.length);
        pending = shown;
        pendingRegion = changed;
        pendingAtMs = atMs;
    }

    /** How many frames were added, and how many of them were written (the others changed nothing). */
    public int framesAdded() {
        return added;
    }

    public int framesWritten() {
        return written + (pendingRegion != null ? 1 : 0);
    }

    /** Writes the last frame, shown for {@code lastFrameMs}, and the GIF's end. */
    public void finish(long lastFrameMs) throws IOException {
        flushPending(Math.max(lastAtMs, pendingAtMs) + Math.max(lastFrameMs, MIN_DELAY_CS * 10L));
        writer.endWriteSequence();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        writer.dispose();
        out.close();
    }

    private void flushPending(long untilMs) throws IOException {
        if (pendingRegion == null) {
            return;
        }
        int delayCs = (int) Math.max(MIN_DELAY_CS, Math.round((untilMs - pendingAtMs) / 10.0));
        BufferedImage part = quantizer.indexed(pending, pendingRegion.y() * width + pendingRegion.x(), width,
                pendingRegion.width(), pendingRegion.height());
        writer.writeToSequence(new IIOImage(part, null, metadata(part, pendingRegion, delayCs, written == 0)), null);
        written++;
        pendingRegion = null;
    }

    private IIOMetadata metadata(BufferedImage part, Region region, int delayCs, boolean first) throws IOException {
        IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(part), null);
        String format = metadata.getNativeMetadataFormatName();
        var root = (IIOMetadataNode) metadata.getAsTree(format);
        var control = child(root, "GraphicControlExtension");
        // Each part is drawn over what the frames before it left: nothing is disposed.
        control.setAttribute("disposalMethod", "doNotDispose");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("transparentColorIndex", "0");
        control.setAttribute("delayTime", Integer.toString(delayCs));
        var descriptor = child(root, "ImageDescriptor");
        descriptor.setAttribute("imageLeftPosition", Integer.toString(region.x()));
        descriptor.setAttribute("imageTopPosition", Integer.toString(region.y()));
        descriptor.setAttribute("imageWidth", Integer.toString(region.width()));
        descriptor.setAttribute("imageHeight", Integer.toString(region.height()));
        if (first) {
            // The NETSCAPE2.0 block: loop for ever (0).
            var extensions = child(root, "ApplicationExtensions");
            var loop = new IIOMetadataNode("ApplicationExtension");
            loop.setAttribute("applicationID", "NETSCAPE");
            loop.setAttribute("authenticationCode", "2.0");
            loop.setUserObject(new byte[] {1, 0, 0});
            extensions.appendChild(loop);
        }
        metadata.setFromTree(format, root);
        return metadata;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        var node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    /** The part of a frame that is written: a rectangle in pixels. */
    record Region(int x, int y, int width, int height) {

        /** The smallest rectangle holding every pixel that differs between the two frames, or null if none does. */
        static Region changed(int[] before, int[] after, int width, int height) {
            int top = -1;
            for (int y = 0; y < height && top < 0; y++) {
                if (!Arrays.equals(before, y * width, (y + 1) * width, after, y * width, (y + 1) * width)) {
                    top = y;
                }
            }
            if (top < 0) {
                return null;
            }
            int bottom = top;
            for (int y = height - 1; y > top; y--) {
                if (!Arrays.equals(before, y * width, (y + 1) * width, after, y * width, (y + 1) * width)) {
                    bottom = y;
                    break;
                }
            }
            int left = width;
            int right = -1;
            for (int y = top; y <= bottom; y++) {
                int row = y * width;
                for (int x = 0; x < left; x++) {
                    if (before[row + x] != after[row + x]) {
                        left = x;
                        break;
                    }
                }
                for (int x = width - 1; x > right; x--) {
                    if (before[row + x] != after[row + x]) {
                        right = x;
                        break;
                    }
                }
            }
            return new Region(left, top, right - left + 1, bottom - top + 1);
        }
    }
}
