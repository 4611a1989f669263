package dev.loomscope.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL cluster of its own for one test: initdb into a temporary folder, a server on a free
 * loopback port with its unix socket in that folder, a user with a password, all stopped and
 * deleted on {@link #close()}. PostgreSQL refuses to run as root: as root, its commands run as the
 * {@code postgres} user the Debian package makes, through {@code runuser}.
 */
public final class ThrowawayPostgres implements AutoCloseable {

    public static final String USER = "loomscope";
    private static final Path INSTALLS = Path.of("/usr/lib/postgresql");

    private final Path folder;
    private final Path bin;
    private int port;
    private final String password;
    private final boolean asRoot;

    private ThrowawayPostgres(Path folder, Path bin, String password, boolean asRoot) {
        this.folder = folder;
        this.bin = bin;
        this.password = password;
        this.asRoot = asRoot;
    }

    /** The newest installed PostgreSQL's bin folder (Debian's layout), if there is one. */
    public static Optional<Path> installedBin() {
        try (var versions = Files.list(INSTALLS)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparing(bin -> versionOf(bin.getParent())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static int versionOf(Path versionFolder) {
        try {
            return Integer.parseInt(versionFolder.getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Why a cluster cannot start here, or empty when it can: for a JUnit assumption's message. */
    public static Optional<String> whyNot() {
        if (installedBin().isEmpty()) {
            return Optional.of("PostgreSQL is not installed (no " + INSTALLS + "/*/bin/initdb): apt-get install postgresql");
        }
        if (isRoot() && (!Files.isExecutable(Path.of("/usr/sbin/runuser")) || !userExists("postgres"))) {
            return Optional.of("running as root, and PostgreSQL refuses root: it needs runuser and the postgres user");
        }
        return Optional.empty();
    }

    public static ThrowawayPostgres start(String password) throws IOException, InterruptedException {
        Path bin = installedBin().orElseThrow();
        boolean asRoot = isRoot();
        Path folder = Files.createTempDirectory("loomscope-pg", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        var cluster = new ThrowawayPostgres(folder, bin, password, asRoot);
        try {
            Path passwordFile = Files.writeString(folder.resolve("password"), password + "\n");
            if (asRoot) {
                cluster.run("chown", "-R", "postgres", folder.toString());
            }
            cluster.runAsOwner(bin.resolve("initdb").toString(), "-D", folder.resolve("data").toString(), "-U", USER,
                    "--pwfile=" + passwordFile, "-A", "scram-sha-256", "--no-sync");
            cluster.listen();
            return cluster;
        } catch (IOException | RuntimeException | InterruptedException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * Starts the server on a free port. The port is free when chosen, yet a process outside this JVM
     * may bind it before the server does: then, and only then, the server starts again on another.
     */
    private void listen() throws IOException, InterruptedException {
        for (int attempt = 1;; attempt++) {
            port = FreePorts.next();
            try {
                runAsOwner(bin.resolve("pg_ctl").toString(), "-D", folder.resolve("data").toString(), "-l",
                        folder.resolve("log").toString(), "-w", "-t", "60", "-o",
                        "-p " + port + " -k " + folder + " -c listen_addresses=127.0.0.1 -c max_connections=150 -c fsync=off",
                        "start");
                return;
            } catch (IOException e) {
                if (attempt == 3 || !e.getMessage().contains("could not bind IPv4 address")) {
                    throw e;
                }
                Files.deleteIfExists(folder.resolve("log"));
            }
        }
    }

    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public String password() {
        return password;
    }

    /** Stops the server at once and deletes the cluster. */
    @Override
    public void close() {
        try {
            if (Files.exists(folder.resolve("data").resolve("postmaster.pid"))) {
                runAsOwner(bin.resolve("pg_ctl").toString(), "-D", folder.resolve("data").toString(), "-m", "immediate", "-w", "stop");
            }
        } catch (IOException | RuntimeException e) {
            // Deleting the folder below still ends what can be ended.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A folder left in the temp directory.
        }
    }

    private void runAsOwner(String... command) throws IOException, InterruptedException {
        var full = new ArrayList<String>();
        if (asRoot) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(List.of(command));
        run(full.toArray(String[]::new));
    }

    private void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " failed: " + output.strip()
                    + (Files.exists(folder.resolve("log")) ? "\n" + Files.readString(folder.resolve("log")) : ""));
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean userExists(String name) {
        try {
            return Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(line -> line.startsWith(name + ":"));
        } catch (IOException e) {
            return false;
        }
    }
}
