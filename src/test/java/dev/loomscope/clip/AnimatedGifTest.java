package dev.loomscope.clip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import org.junit.jupiter.api.Test;

/** The clip writer, read back with the JDK's own GIF reader. */
class AnimatedGifTest {

    private static final int W = 64;
    private static final int H = 40;
    private static final int GREY = 0xff303030;
    private static final int GREEN = 0xff22c55e;

    private static int[] frame(int colour) {
        int[] pixels = new int[W * H];
        Arrays.fill(pixels, colour);
        return pixels;
    }

    private static int[] withSquare(int[] base, int x, int y, int size, int colour) {
        int[] pixels = base.clone();
        for (int row = y; row < y + size; row++) {
            Arrays.fill(pixels, row * W + x, row * W + x + size, colour);
        }
        return pixels;
    }

    /** Each frame's descriptor and graphic control, as the reader sees them. */
    private record Read(List<IIOMetadataNode> descriptors, List<IIOMetadataNode> controls, String loop, int width, int height) {
    }

    private static Read read(byte[] gif) throws Exception {
        ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        reader.setInput(ImageIO.createImageInputStream(new ByteArrayInputStream(gif)));
        var descriptors = new ArrayList<IIOMetadataNode>();
        var controls = new ArrayList<IIOMetadataNode>();
        String loop = null;
        int frames = reader.getNumImages(true);
        for (int i = 0; i < frames; i++) {
            var root = (IIOMetadataNode) reader.getImageMetadata(i).getAsTree("javax_imageio_gif_image_1.0");
            descriptors.add((IIOMetadataNode) root.getElementsByTagName("ImageDescriptor").item(0));
            controls.add((IIOMetadataNode) root.getElementsByTagName("GraphicControlExtension").item(0));
            var app = root.getElementsByTagName("ApplicationExtension");
            if (app.getLength() > 0) {
                loop = ((IIOMetadataNode) app.item(0)).getAttribute("applicationID");
            }
        }
        var stream = (IIOMetadataNode) reader.getStreamMetadata().getAsTree("javax_imageio_gif_stream_1.0");
        var screen = (IIOMetadataNode) stream.getElementsByTagName("LogicalScreenDescriptor").item(0);
        return new Read(descriptors, controls, loop, Integer.parseInt(screen.getAttribute("logicalScreenWidth")),
                Integer.parseInt(screen.getAttribute("logicalScreenHeight")));
    }

    @Test
    void onlyWhatChangedIsWrittenAndAStillFrameLengthensTheOneBefore() throws Exception {
        var bytes = new ByteArrayOutputStream();
        int[] first = frame(GREY);
        int[] second = withSquare(first, 20, 10, 8, GREEN);
        try (var gif = new AnimatedGif(bytes, W, H)) {
            gif.add(first, 0);
            gif.add(second, 100);
            gif.add(second.clone(), 200); // nothing changed
            gif.add(withSquare(second, 50, 30, 4, GREY - 0x101010), 300);
            gif.finish(100);
            assertThat(gif.framesAdded()).isEqualTo(4);
            assertThat(gif.framesWritten()).isEqualTo(3);
        }
        Read read = read(bytes.toByteArray());
        assertThat(read.width()).isEqualTo(W);
        assertThat(read.height()).isEqualTo(H);
        assertThat(read.loop()).as("loops for ever").isEqualTo("NETSCAPE");
        assertThat(read.descriptors()).hasSize(3);
        var whole = read.descriptors().get(0);
        assertThat(whole.getAttribute("imageWidth")).isEqualTo("64");
        var square = read.descriptors().get(1);
        assertThat(List.of(square.getAttribute("imageLeftPosition"), square.getAttribute("imageTopPosition"),
                square.getAttribute("imageWidth"), square.getAttribute("imageHeight"))).containsExactly("20", "10", "8", "8");
        var corner = read.descriptors().get(2);
        assertThat(List.of(corner.getAttribute("imageLeftPosition"), corner.getAttribute("imageTopPosition"))).containsExactly("50", "30");
        // 100 ms, then 200 ms (the still frame's time added to the square's), then the last frame's 100 ms.
        assertThat(read.controls().stream().map(c -> c.getAttribute("delayTime")).toList()).containsExactly("10", "20", "10");
        assertThat(read.controls()).allMatch(c -> c.getAttribute("disposalMethod").equals("doNotDispose"));
    }

    @Test
    void theFramesComposeIntoWhatWasAdded() throws Exception {
        var bytes = new ByteArrayOutputStream();
        int[] last = withSquare(frame(GREY), 4, 4, 10, GREEN);
        try (var gif = new AnimatedGif(bytes, W, H)) {
            gif.add(frame(GREY), 0);
            gif.add(last, 50);
            gif.finish(50);
        }
        ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        reader.setInput(ImageIO.createImageInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        var part = reader.read(1);
        assertThat(part.getWidth()).isEqualTo(10);
        assertThat(part.getRGB(0, 0) & 0xffffff).isEqualTo(GREEN & 0xffffff);
        assertThat(reader.read(0).getRGB(30, 30) & 0xffffff).isEqualTo(GREY & 0xffffff);
    }

    @Test
    void framesOfTheWrongSizeOrOutOfOrderAreRefused() throws Exception {
        try (var gif = new AnimatedGif(new ByteArrayOutputStream(), W, H)) {
            assertThatThrownBy(() -> gif.add(new int[10], 0)).hasMessageContaining("2560 pixels");
            gif.add(frame(GREY), 100);
            assertThatThrownBy(() -> gif.add(frame(GREY), 50)).hasMessageContaining("time order");
        }
        assertThatThrownBy(() -> new AnimatedGif(new ByteArrayOutputStream(), 0, 5)).hasMessageContaining("1x1");
    }

    /**
     * A clip recorded onto a full disk (a GIF onto a link to /dev/full) or into a folder that
     * refuses (the kernel refuses /sys even to root): a message naming the file and the reason,
     * the link as it was, and no partial file or frame folder left behind.
     */
    @Test
    void aClipThatCannotBeWrittenSaysWhyAndLeavesNothingBehind(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/dev/full")), "needs /dev/full (Linux)");
        var link = java.nio.file.Files.createSymbolicLink(dir.resolve("clip.gif"), java.nio.file.Path.of("/dev/full"));
        Clip gif = Clip.gif(link, W, H);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 200; i++) {
                gif.add(withSquare(frame(GREY), i % (W - 8), i % (H - 8), 8, GREEN), i * 40L);
            }
            gif.finish(40);
        }).isInstanceOf(java.io.IOException.class).hasMessage("Could not write " + link + ": no space left on device.");
        gif.abort();
        assertThat(java.nio.file.Files.isSymbolicLink(link)).isTrue();
        try (var left = java.nio.file.Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("clip.gif");
        }

        if ("root".equals(System.getProperty("user.name")) && java.nio.file.Files.isDirectory(java.nio.file.Path.of("/sys/kernel"))) {
            var frames = java.nio.file.Path.of("/sys/kernel/loomscope-frames");
            // sysfs answers a new folder with EPERM, a new file with EACCES: the kernel's words either way.
            assertThatThrownBy(() -> Clip.pngSequence(frames, W, H, 10)).hasMessage("Could not write " + frames + ": operation not permitted.");
            assertThatThrownBy(() -> Clip.gif(frames.resolveSibling("clip.gif"), W, H))
                    .hasMessage("Could not write /sys/kernel/clip.gif: permission denied.");
        }
    }
}
