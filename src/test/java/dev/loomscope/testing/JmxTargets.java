package dev.loomscope.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Target JVMs that expose JMX with the JDK's own security, set up as its documentation says: a
 * password and an access file (mode 600, or the JVM refuses to start its agent), and for TLS a key
 * pair made by keytool with its certificate exported into a truststore.
 */
public final class JmxTargets {

    public static final String USER = "monitor";
    public static final String PASSWORD = "s3cret-for-tests";
    public static final String STORE_PASSWORD = "changeit-tests";
    private static final Duration READY = Duration.ofSeconds(60);

    private JmxTargets() {
    }

    public static int freePort() throws IOException {
        return FreePorts.next();
    }

    public static String url(int port) {
        return "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi";
    }

    /** A file of this user alone (chmod 600) holding {@code content}. */
    public static Path privateFile(Path file, String content) throws IOException {
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** The JDK's agent options for {@code port}, on loopback, with authentication from files in {@code dir}. */
    public static List<String> authenticated(int port, Path dir) throws IOException {
        Path passwords = privateFile(dir.resolve("jmxremote.password"), USER + " " + PASSWORD + "\n");
        // Observing starts a recording in the target: the FlightRecorder MXBean's operations need readwrite.
        Path access = privateFile(dir.resolve("jmxremote.access"), USER + " readwrite\n");
        var options = new ArrayList<>(agent(port));
        options.addAll(List.of("-Dcom.sun.management.jmxremote.authenticate=true", "-Dcom.sun.management.jmxremote.password.file=" + passwords,
                "-Dcom.sun.management.jmxremote.access.file=" + access, "-Dcom.sun.management.jmxremote.ssl=false"));
        return options;
    }

    /** The agent over TLS (registry too), its key pair made in {@code dir}; no password, to keep the case to TLS. */
    public static List<String> tls(int port, Path keyStore) {
        var options = new ArrayList<>(agent(port));
        options.addAll(List.of("-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=true",
                "-Dcom.sun.management.jmxremote.registry.ssl=true", "-Djavax.net.ssl.keyStore=" + keyStore,
                "-Djavax.net.ssl.keyStorePassword=" + STORE_PASSWORD, "-Djavax.net.ssl.keyStoreType=PKCS12"));
        return options;
    }

    private static List<String> agent(int port) {
        return List.of("-Dcom.sun.management.jmxremote.port=" + port, "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Djava.rmi.server.hostname=127.0.0.1");
    }

    /** keytool -genkeypair into {@code dir}/server.p12 for CN=localhost (IP 127.0.0.1). */
    public static Path keyPair(Path dir, String name) throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        keytool("-genkeypair", "-alias", "jmx", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", STORE_PASSWORD);
        return store;
    }

    /** The certificate of {@code keyStore} exported (keytool -exportcert) and imported into a new truststore. */
    public static Path trustStoreOf(Path keyStore, Path dir) throws IOException, InterruptedException {
        Path cert = dir.resolve(keyStore.getFileName() + ".cer");
        Path trust = dir.resolve("trust-" + keyStore.getFileName());
        keytool("-exportcert", "-alias", "jmx", "-keystore", keyStore.toString(), "-storepass", STORE_PASSWORD, "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", "jmx", "-file", cert.toString(), "-storetype", "PKCS12", "-keystore", trust.toString(),
                "-storepass", STORE_PASSWORD);
        return trust;
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IOException("keytool " + String.join(" ", args) + " failed: " + output);
        }
    }

    /** Starts {@link ObservedProgram} {@code mode} with {@code options} and waits until it runs. */
    public static TargetJvm start(List<String> options, String... mode) throws Exception {
        var target = TargetJvm.java(ObservedProgram.class, options, mode);
        try {
            target.awaitLine("ready"::equals, READY);
        } catch (Exception | AssertionError e) {
            target.close();
            throw e;
        }
        return target;
    }
}
