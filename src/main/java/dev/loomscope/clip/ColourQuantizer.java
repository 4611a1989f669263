package dev.loomscope.clip;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.util.Arrays;

/**
 * Turns part of a frame into a 256-colour image for the GIF writer, fast enough to keep up with
 * ten frames a second of a 1280x720 window on one lowered core (the JDK writer's own quantizer
 * takes hundreds of milliseconds a frame).
 *
 * <p>A window is flat colours and the anti-aliased edges between them. Colours are counted in
 * 32,768 buckets (5 bits a channel); the 256 fullest buckets, each at the mean of its pixels,
 * make the palette, so the theme's colours come out exact and only the rarest edge shades move to
 * their nearest neighbour. With 256 buckets or fewer in use, no colour moves at all beyond its
 * bucket.
 */
final class ColourQuantizer {

    private static final int BUCKETS = 1 << 15;

    private final int[] counts = new int[BUCKETS];
    private final long[] red = new long[BUCKETS];
    private final long[] green = new long[BUCKETS];
    private final long[] blue = new long[BUCKETS];
    private final int[] lookup = new int[BUCKETS];

    private static int bucket(int rgb) {
        return ((rgb >> 9) & 0x7c00) | ((rgb >> 6) & 0x03e0) | ((rgb >> 3) & 0x001f);
    }

    /** The {@code width x height} pixels at {@code offset} of {@code argb} (rows {@code stride} apart), as an indexed image. */
    BufferedImage indexed(int[] argb, int offset, int stride, int width, int height) {
        Arrays.fill(counts, 0);
        Arrays.fill(red, 0);
        Arrays.fill(green, 0);
        Arrays.fill(blue, 0);
        for (int y = 0; y < height; y++) {
            int row = offset + y * stride;
            for (int x = 0; x < width; x++) {
                int rgb = argb[row + x];
                int key = bucket(rgb);
                counts[key]++;
                red[key] += (rgb >> 16) & 0xff;
                green[key] += (rgb >> 8) & 0xff;
                blue[key] += rgb & 0xff;
            }
        }
        int used = 0;
        for (int count : counts) {
            used += count > 0 ? 1 : 0;
        }
        // Fullest buckets first: count in the high bits, the bucket in the low 15.
        long[] ranked = new long[used];
        for (int key = 0, i = 0; key < BUCKETS; key++) {
            if (counts[key] > 0) {
                ranked[i++] = ((long) counts[key] << 15) | key;
            }
        }
        Arrays.sort(ranked);
        int size = Math.min(256, used);
        byte[] r = new byte[size];
        byte[] g = new byte[size];
        byte[] b = new byte[size];
        int[] paletteRgb = new int[size];
        for (int i = 0; i < size; i++) {
            int key = (int) (ranked[used - 1 - i] & 0x7fff);
            int n = counts[key];
            int pr = (int) (red[key] / n);
            int pg = (int) (green[key] / n);
            int pb = (int) (blue[key] / n);
            r[i] = (byte) pr;
            g[i] = (byte) pg;
            b[i] = (byte) pb;
            paletteRgb[i] = (pr << 16) | (pg << 8) | pb;
            lookup[key] = i;
        }
        for (int i = size; i < used; i++) {
            int key = (int) (ranked[used - 1 - i] & 0x7fff);
            lookup[key] = nearest(paletteRgb, (int) (red[key] / counts[key]), (int) (green[key] / counts[key]), (int) (blue[key] / counts[key]));
        }
        // A GIF colour table has a power-of-two size: at least 2 entries.
        int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, size - 1)));
        var model = new IndexColorModel(bits, size, r, g, b);
        var image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, model);
        byte[] pixels = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < height; y++) {
            int row = offset + y * stride;
            int out = y * width;
            for (int x = 0; x < width; x++) {
                pixels[out + x] = (byte) lookup[bucket(argb[row + x])];
            }
        }
        return image;
    }

    private static int nearest(int[] palette, int r, int g, int b) {
        int best = 0;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < palette.length; i++) {
            int dr = ((palette[i] >> 16) & 0xff) - r;
            int dg = ((palette[i] >> 8) & 0xff) - g;
            int db = (palette[i] & 0xff) - b;
            // Weighted as the eye weighs them (green most, blue least).
            int distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        return best;
    }
}
