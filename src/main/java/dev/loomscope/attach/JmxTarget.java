package dev.loomscope.attach;

import java.nio.file.Path;

/**
 * A JVM that exposes JMX itself, and how to reach it: its URL, the user and password its
 * {@code com.sun.management.jmxremote.password.file} knows (or none), and a truststore holding its
 * certificate when it speaks TLS (or none: the JDK's {@code javax.net.ssl.trustStore} settings then
 * apply as they are). The password lives only in memory; nothing here is ever saved.
 */
public record JmxTarget(String url, String user, char[] password, Path trustStore, char[] trustStorePassword) {

    /** A target that asks for no password and whose certificate, if any, the JDK's own settings trust. */
    public static JmxTarget open(String url) {
        return new JmxTarget(url, null, null, null, null);
    }

    public boolean authenticates() {
        return user != null && !user.isEmpty();
    }

    @Override
    public String toString() {
        return url; // never the password
    }
}
