package dev.loomscope.recording;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunk headers of a JFR file, read before its events: where each chunk lies and which time it
 * covers. They give the recording's span, a check that the file is whole (a copy cut short, a
 * recording still being written), and progress in bytes, which {@code RecordingFile} does not tell.
 * Layout (JDK's ChunkHeader): magic "FLR\0", major and minor version (2 bytes each), chunk size,
 * constant pool and metadata offsets, start in epoch ns, duration in ns (8 bytes each).
 *
 * @param size   the file's size in bytes
 * @param chunks its chunks in file order
 */
record JfrChunks(long size, List<Chunk> chunks) {

    private static final int HEADER_BYTES = 48;

    /** One chunk: its byte range and the time it covers. */
    record Chunk(long offset, long bytes, long startNanos, long durationNanos) {
        long endNanos() {
            return startNanos + durationNanos;
        }
    }

    static JfrChunks read(Path file) throws UnreadableFileException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            var chunks = new ArrayList<Chunk>();
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            long offset = 0;
            while (offset < size) {
                header.clear();
                while (header.hasRemaining() && channel.read(header, offset + header.position()) > 0) {
                    // read the whole header, or up to the end of the file
                }
                if (header.hasRemaining()) {
                    throw new UnreadableFileException(Text.get("open.error.truncated", file, offset));
                }
                header.flip();
                if (header.getInt(0) != 0x464c5200) { // "FLR\0"
                    throw new UnreadableFileException(offset == 0 ? Text.get("open.error.unknown", file)
                            : Text.get("open.error.truncated", file, offset));
                }
                long bytes = header.getLong(8);
                if (bytes <= HEADER_BYTES || offset + bytes > size) {
                    // A chunk still being written has no size yet; a copy cut short ends inside its last chunk.
                    throw new UnreadableFileException(Text.get("open.error.truncated", file, offset));
                }
                chunks.add(new Chunk(offset, bytes, header.getLong(32), header.getLong(40)));
                offset += bytes;
            }
            if (chunks.isEmpty()) {
                throw new UnreadableFileException(Text.get("open.error.empty", file));
            }
            return new JfrChunks(size, List.copyOf(chunks));
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.io", file, e.getMessage()), e);
        }
    }

    long startNanos() {
        return chunks.stream().mapToLong(Chunk::startNanos).min().orElse(0);
    }

    long endNanos() {
        return chunks.stream().mapToLong(Chunk::endNanos).max().orElse(0);
    }

    /** Follows the reading through the chunks by the events' times, so progress in bytes only moves forward. */
    final class Cursor {
        private int chunk;
        private long bytes;

        /** The bytes read so far, estimated for an event stamped {@code nanos}. */
        long at(long nanos) {
            while (chunk < chunks.size() - 1 && nanos > chunks.get(chunk).endNanos()) {
                chunk++;
            }
            Chunk c = chunks.get(chunk);
            double within = c.durationNanos() <= 0 ? 0 : Math.clamp((double) (nanos - c.startNanos()) / c.durationNanos(), 0, 1);
            bytes = Math.max(bytes, c.offset() + (long) (within * c.bytes()));
            return bytes;
        }
    }
}
