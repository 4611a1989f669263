package dev.loomscope.testing;

import dev.loomscope.protocol.FrameType;
import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.RunnerChannel;
import java.io.DataOutputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;

/**
 * A runner JVM gone wrong, for the launcher's tests: connects back as the real runner does, then
 * writes one broken frame instead of a run, and stays alive for a minute (unless the parent ends it).
 * The last argument says how it breaks: {@code garbage} (a frame of a type no version sends),
 * {@code truncated} (a frame's first bytes, then the stream closed), {@code stalled} (a frame's first
 * bytes, then nothing, the stream still open).
 */
public final class BrokenRunner {

    private BrokenRunner() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[args.length - 1];
        OutputStream socket = RunnerChannel.connect(RunnerArgs.parse(List.of(Arrays.copyOf(args, args.length - 1))));
        var out = new DataOutputStream(socket);
        switch (mode) {
            case "garbage" -> {
                out.writeByte(42);
                out.writeInt(3);
                out.write(new byte[] {1, 2, 3});
            }
            case "truncated", "stalled" -> {
                out.writeByte(FrameType.SAMPLE.code());
                out.writeInt(1_000);
                out.write(new byte[10]);
            }
            default -> throw new IllegalArgumentException("no such mode: " + mode);
        }
        out.flush();
        if (mode.equals("truncated")) {
            out.close();
        }
        System.out.println("broke its stream: " + mode);
        Thread.sleep(60_000);
    }
}
