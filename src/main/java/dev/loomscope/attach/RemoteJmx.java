package dev.loomscope.attach;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * Connects to a JVM's own JMX agent with the JDK's own security: the user and password of its
 * password file ({@link JMXConnector#CREDENTIALS}), TLS as the JDK's {@code javax.net.ssl.*}
 * settings or a given truststore say, and the registry over TLS when the target asks for it
 * ({@code com.sun.management.jmxremote.registry.ssl}), which cannot be told before trying. Each way
 * it can fail becomes one line for the user.
 */
final class RemoteJmx {

    /** The JNDI setting that makes the RMI registry lookup use TLS (the connector's own stub carries its factory). */
    static final String REGISTRY_SOCKET_FACTORY = "com.sun.jndi.rmi.factory.socket";
    /** A host that takes the connection but never answers must not hold the user for TCP's minutes. */
    private static final Duration CONNECT_WAIT = Duration.ofSeconds(20);
    private static Path trustedStore;

    private RemoteJmx() {
    }

    /** A JMX service URL from {@code url}, or from {@code HOST:PORT} as the JDK's agent serves it. */
    static JMXServiceURL serviceUrl(String url) throws AttachException {
        String full = url.strip().matches("[A-Za-z0-9.\\-]+:[0-9]{1,5}") ? "service:jmx:rmi:///jndi/rmi://" + url.strip() + "/jmxrmi" : url.strip();
        try {
            return new JMXServiceURL(full);
        } catch (java.net.MalformedURLException e) {
            throw new AttachException(Text.get("attach.bad-url", url));
        }
    }

    static JMXConnector connect(JmxTarget target) throws AttachException {
        JMXServiceURL url = serviceUrl(target.url());
        if (target.trustStore() != null) {
            trust(target.trustStore(), target.trustStorePassword());
        }
        boolean tlsFirst = target.trustStore() != null || System.getProperty("javax.net.ssl.trustStore") != null;
        var failures = new ArrayList<Throwable>();
        for (boolean tlsRegistry : tlsFirst ? List.of(true, false) : List.of(false, true)) {
            try {
                return connect(url, environment(target, tlsRegistry));
            } catch (TimeoutException e) {
                throw new AttachException(Text.get("attach.jmx.no-reply", target.url(), CONNECT_WAIT.toSeconds()));
            } catch (IOException | SecurityException e) {
                failures.add(e);
                if (kind(e) != Failure.OTHER) {
                    break; // nothing listens, or it answered clearly: the other registry would not change that
                }
            }
        }
        Throwable worst = failures.stream().max(java.util.Comparator.comparing(RemoteJmx::kind)).orElseThrow();
        throw new AttachException(explain(worst, target), worst);
    }

    private static Map<String, Object> environment(JmxTarget target, boolean tlsRegistry) {
        Map<String, Object> env = new HashMap<>();
        if (target.authenticates()) {
            env.put(JMXConnector.CREDENTIALS, new String[] {target.user(), target.password() == null ? "" : new String(target.password())});
        }
        if (tlsRegistry) {
            env.put(REGISTRY_SOCKET_FACTORY, new SslRMIClientSocketFactory());
        }
        return env;
    }

    private static JMXConnector connect(JMXServiceURL url, Map<String, Object> env) throws IOException, TimeoutException {
        var connecting = CompletableFuture.supplyAsync(() -> {
            try {
                return JMXConnectorFactory.connect(url, env);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, runnable -> Thread.ofPlatform().daemon().name("loomscope-jmx-connect").start(runnable));
        try {
            return connecting.get(CONNECT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException(e.getMessage());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof java.io.UncheckedIOException io) {
                throw io.getCause();
            }
            if (cause instanceof SecurityException security) {
                throw security;
            }
            throw new IOException(cause);
        }
    }

    /** How a connection failed, in the order of what the user most needs to hear. */
    enum Failure {
        OTHER, NOTHING_LISTENS, UNTRUSTED, REFUSED
    }

    static Failure kind(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SecurityException) {
                return Failure.REFUSED;
            }
            if (t instanceof CertificateException || t instanceof CertPathBuilderException || t instanceof CertPathValidatorException) {
                return Failure.UNTRUSTED;
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException) {
                return Failure.NOTHING_LISTENS;
            }
        }
        return Failure.OTHER;
    }

    private static String explain(Throwable e, JmxTarget target) {
        return switch (kind(e)) {
            case REFUSED -> JvmConnection.oneLine(e).contains("required")
                    ? Text.get("attach.jmx.needs-password", target.url())
                    : Text.get("attach.jmx.wrong-password", target.url(), target.authenticates() ? target.user() : "");
            case UNTRUSTED -> Text.get("attach.jmx.untrusted", target.url(), JvmConnection.oneLine(e));
            case NOTHING_LISTENS, OTHER -> Text.get("attach.no-answer", target.url(), JvmConnection.oneLine(e));
        };
    }

    /**
     * Makes {@code store} the process's TLS trust. The connector's stub comes from the target with the
     * JDK's {@link SslRMIClientSocketFactory}, which takes the default TLS context: no context of our own
     * can be handed to it. The default can be set once per process, so a second, different truststore
     * is refused rather than silently ignored.
     */
    static synchronized void trust(Path store, char[] password) throws AttachException {
        Path absolute = store.toAbsolutePath().normalize();
        if (absolute.equals(trustedStore)) {
            return;
        }
        if (trustedStore != null) {
            throw new AttachException(Text.get("attach.jmx.second-truststore", absolute, trustedStore));
        }
        try (InputStream in = Files.newInputStream(absolute)) {
            KeyStore keys = KeyStore.getInstance(KeyStore.getDefaultType());
            keys.load(in, password);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(keys);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            SSLContext.setDefault(context);
            trustedStore = absolute;
        } catch (IOException | GeneralSecurityException e) {
            throw new AttachException(Text.get("attach.jmx.bad-truststore", absolute, JvmConnection.oneLine(e)), e);
        }
    }
}
