package dev.loomscope.attach;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A JMX connection to a JVM: to a local pid through the Attach API and the JVM's local management
 * agent (a connector only this user on this machine can reach; started if not already running),
 * or to a JMX URL given explicitly.
 */
final class JvmConnection implements AutoCloseable {

    private static final String LOCAL_CONNECTOR = "com.sun.management.jmxremote.localConnectorAddress";

    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final ObservedJvm jvm;
    /** Whether this connection started the target's local management agent (the JDK offers no way to stop it again). */
    private final boolean startedAgent;
    /** Whether the target is a process of this machine found by its pid (a JMX URL may lead elsewhere, where the pid means nothing here). */
    private final boolean localProcess;

    private JvmConnection(JMXConnector connector, ObservedJvm jvm, boolean startedAgent, boolean localProcess) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
        this.jvm = jvm;
        this.startedAgent = startedAgent;
        this.localProcess = localProcess;
    }

    boolean localProcess() {
        return localProcess;
    }

    MBeanServerConnection server() {
        return server;
    }

    ObservedJvm jvm() {
        return jvm;
    }

    boolean startedAgent() {
        return startedAgent;
    }

    /** Attaches to a local JVM of this user, after checking it is one, is ours and has virtual threads. */
    static JvmConnection attach(long pid) throws AttachException {
        LocalJvm listed = checkObservable(pid, true).orElseThrow();
        String address;
        boolean started = false;
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw gone(pid).orElse(new AttachException(Text.get("attach.cannot-attach", pid, oneLine(e))));
        }
        try {
            address = vm.getAgentProperties().getProperty(LOCAL_CONNECTOR);
            if (address == null) {
                address = vm.startLocalManagementAgent();
                started = true;
            }
        } catch (IOException e) {
            throw gone(pid).orElse(new AttachException(Text.get("attach.no-agent", pid, oneLine(e))));
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // Detaching only closes our socket; the target keeps running either way.
            }
        }
        try {
            JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
            var connection = new JvmConnection(connector, null, started, true);
            ObservedJvm jvm = connection.describe(pid, listed.name());
            if (jvm.jdkFeature() > 0 && jvm.jdkFeature() < ObservedJvm.FIRST_VIRTUAL_THREADS_JDK) {
                connection.close(); // its JDK could not be told before attaching
                throw noVirtualThreads(Text.get("attach.jvm.pid", pid), jvm.jdkVersion());
            }
            return connection.withJvm(jvm);
        } catch (IOException e) {
            throw gone(pid).orElse(new AttachException(Text.get("attach.no-jmx", pid, oneLine(e))));
        }
    }

    /** Connects to a JVM that exposes JMX itself ({@code service:jmx:rmi:///jndi/rmi://host:port/jmxrmi}), with no password. */
    static JvmConnection connect(String jmxUrl) throws AttachException {
        return connect(JmxTarget.open(jmxUrl));
    }

    /** Connects to a JVM's own JMX agent, with its user and password and over TLS as {@code target} says. */
    static JvmConnection connect(JmxTarget target) throws AttachException {
        JMXConnector connector = RemoteJmx.connect(target);
        try {
            var connection = new JvmConnection(connector, null, false, false);
            ObservedJvm jvm = connection.describe(-1, target.url());
            if (jvm.jdkFeature() > 0 && jvm.jdkFeature() < ObservedJvm.FIRST_VIRTUAL_THREADS_JDK) {
                connection.close();
                throw noVirtualThreads(Text.get("attach.jvm.remote", target.url()), jvm.jdkVersion());
            }
            return connection.withJvm(jvm);
        } catch (IOException | SecurityException e) {
            try {
                connector.close();
            } catch (IOException ignored) {
                // Already broken: nothing left to close.
            }
            throw new AttachException(Text.get("attach.no-answer", target.url(), oneLine(e)));
        }
    }

    private JvmConnection withJvm(ObservedJvm described) throws IOException {
        return new JvmConnection(connector, described, startedAgent, localProcess);
    }

    private ObservedJvm describe(long pid, String name) throws IOException {
        RuntimeMXBean runtime = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.RUNTIME_MXBEAN_NAME, RuntimeMXBean.class);
        String version = runtime.getSystemProperties().getOrDefault("java.version", "");
        return new ObservedJvm(pid > 0 ? pid : runtime.getPid(), name, version, ObservedJvm.featureOf(version));
    }

    /**
     * The checks before attaching; attaching sends a signal, so never to a process that is not one of our JVMs.
     * A {@code java} process not listed by the Attach API is refused when {@code strict}; otherwise it passes
     * (empty), as one started a moment ago is listed a moment later (a script's {@code java ... &}).
     */
    static java.util.Optional<LocalJvm> checkObservable(long pid, boolean strict) throws AttachException {
        var process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            throw new AttachException(Text.get("attach.no-process", pid));
        }
        String user = LocalJvms.currentUser();
        String owner = process.get().info().user().orElse("");
        if (!owner.equals(user)) {
            throw new AttachException(Text.get("attach.not-yours", pid, owner.isEmpty() ? Text.get("attach.not-yours.someone") : owner));
        }
        if (pid == ProcessHandle.current().pid()) {
            throw new AttachException(Text.get("attach.self", pid));
        }
        var listed = LocalJvms.find(pid);
        if (listed.isEmpty()) {
            String executable = LocalJvms.executableOf(pid);
            if (!executable.endsWith("/java")) {
                throw new AttachException(Text.get("attach.not-java", pid, executable.isEmpty() ? Text.get("attach.not-java.unnamed") : executable));
            }
            if (strict) {
                throw new AttachException(Text.get("attach.no-attach-api", pid));
            }
            return java.util.Optional.empty();
        }
        LocalJvm jvm = listed.get();
        if (jvm.observable() == LocalJvm.Observability.NO_VIRTUAL_THREADS) {
            throw noVirtualThreads(Text.get("attach.jvm.pid", pid), jvm.jdkVersion());
        }
        return java.util.Optional.of(jvm);
    }

    private static AttachException noVirtualThreads(String who, String version) {
        return new AttachException(Text.get("attach.no-virtual-threads", who, version));
    }

    private static java.util.Optional<AttachException> gone(long pid) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent() ? java.util.Optional.empty()
                : java.util.Optional.of(new AttachException(Text.get("attach.exited", pid)));
    }

    static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return message.lines().findFirst().orElse(message);
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException ignored) {
            // The target may be gone; there is nothing left to close then.
        }
    }
}
