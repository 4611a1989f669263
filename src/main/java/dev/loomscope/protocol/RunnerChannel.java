package dev.loomscope.protocol;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The runner's frame stream: a loopback socket the runner connects back to, proving itself with a
 * one-off token. Not stdout: the JVM writes there on its own (JFR's start-up line, HotSpot warnings,
 * native code), and one stray byte would corrupt a binary stream.
 */
public final class RunnerChannel implements Closeable {

    private static final int TOKEN_BYTES = 16;
    private static final long CONNECT_TIMEOUT_MS = TimeUnit.SECONDS.toMillis(60);
    private static final int ACCEPT_POLL_MS = 200;
    /** The runner sends its token as soon as it connects; anything slower is not our runner. */
    private static final int HANDSHAKE_MS = 2_000;
    /** Reads of the frame stream wake this often, so that the reader can tell a frame that stopped half-way (see {@link FrameReader}). */
    private static final int READ_POLL_MS = 1_000;

    private final ServerSocket server;
    private final String token;
    private Socket socket;

    private RunnerChannel(ServerSocket server, String token) {
        this.server = server;
        this.token = token;
    }

    public static RunnerChannel open() throws IOException {
        var server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        server.setSoTimeout(ACCEPT_POLL_MS);
        byte[] secret = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(secret);
        return new RunnerChannel(server, HexFormat.of().formatHex(secret));
    }

    /** The runner's arguments that say where to connect and how to prove who it is. */
    public List<String> runnerArgs() {
        return RunnerArgs.format(java.util.Map.of("port", Integer.toString(server.getLocalPort()), "token", token));
    }

    /**
     * Waits for the runner to connect and prove its token. A runner that has already ended may still
     * have connected: a short run on a busy machine can connect, write its whole stream and exit before
     * this thread first gets a core, its connection and frames waiting in the kernel's queue. So it is
     * taken for gone only once an accept that began after its death found nothing.
     *
     * @return the frame stream, or null if the runner died (or never connected) first
     */
    public InputStream accept(Process runner) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_TIMEOUT_MS);
        try {
            while (System.nanoTime() < deadline) {
                boolean aliveBefore = runner.isAlive();
                Socket candidate;
                try {
                    candidate = server.accept();
                } catch (SocketTimeoutException e) {
                    if (!aliveBefore) {
                        return null;
                    }
                    continue;
                }
                try {
                    candidate.setSoTimeout(HANDSHAKE_MS);
                    byte[] proof = candidate.getInputStream().readNBytes(token.length());
                    if (token.equals(new String(proof, StandardCharsets.US_ASCII))) {
                        candidate.setSoTimeout(READ_POLL_MS);
                        socket = candidate;
                        return new BufferedInputStream(candidate.getInputStream(), 1 << 16);
                    }
                } catch (IOException e) {
                    // A stray or broken connection: drop it and keep waiting for the runner.
                }
                candidate.close();
            }
            return null;
        } finally {
            server.close();
        }
    }

    /** The runner side: connects to the parent named in its arguments and proves its token. */
    public static OutputStream connect(RunnerArgs args) throws IOException {
        String token = args.required("token");
        var socket = new Socket(InetAddress.getLoopbackAddress(), args.intOf("port"));
        socket.setTcpNoDelay(true);
        OutputStream out = socket.getOutputStream();
        out.write(token.getBytes(StandardCharsets.US_ASCII));
        return out;
    }

    @Override
    public void close() {
        try {
            server.close();
            if (socket != null) {
                socket.close();
            }
        } catch (IOException e) {
            // Closing after the runner is gone; nothing to report.
        }
    }
}
