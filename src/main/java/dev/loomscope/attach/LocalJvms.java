package dev.loomscope.attach;

import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The JVMs of this user on this machine, found without attaching to any of them: the Attach API's
 * list (the JVMs' performance-data files, which only their owner can read), each JDK's version from
 * the {@code release} file beside the process's {@code java} executable.
 */
public final class LocalJvms {

    private LocalJvms() {
    }

    /** Every JVM of this user, by pid; LoomScope itself is listed as {@link LocalJvm.Observability#SELF}. */
    public static List<LocalJvm> list() {
        long self = ProcessHandle.current().pid();
        String user = currentUser();
        return VirtualMachine.list().stream()
                .map(LocalJvms::describe)
                .flatMap(Optional::stream)
                .filter(jvm -> ownedBy(jvm.pid(), user))
                .map(jvm -> LocalJvm.of(jvm.pid(), jvm.name(), jvm.jdkVersion(), jvm.pid() == self))
                .sorted(Comparator.comparingLong(LocalJvm::pid))
                .toList();
    }

    /** The listed JVM with this pid, if it is one of this user's. */
    public static Optional<LocalJvm> find(long pid) {
        return list().stream().filter(jvm -> jvm.pid() == pid).findFirst();
    }

    /**
     * Why the process {@code pid} cannot be observed, found without attaching (no such process, another
     * user's, not a JVM, no virtual threads), or empty if attaching may go ahead.
     */
    public static Optional<String> whyNotObservable(long pid) {
        try {
            // Not strict: a java process not listed yet may have just started (a script's `java ... &`).
            JvmConnection.checkObservable(pid, false);
            return Optional.empty();
        } catch (AttachException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static Optional<LocalJvm> describe(VirtualMachineDescriptor descriptor) {
        try {
            long pid = Long.parseLong(descriptor.id());
            return Optional.of(new LocalJvm(pid, mainOf(descriptor.displayName()), jdkVersionOf(pid).orElse(""), 0,
                    LocalJvm.Observability.UNKNOWN, ""));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The main class or jar: the first word of the command line the JVM reports ("target/loomscope.jar serve ..." -> the jar). */
    static String mainOf(String displayName) {
        String trimmed = displayName == null ? "" : displayName.strip();
        int space = trimmed.indexOf(' ');
        return space < 0 ? trimmed : trimmed.substring(0, space);
    }

    /** The JDK version of a process: JAVA_VERSION in the release file of the JDK its executable belongs to (Linux's /proc). */
    static Optional<String> jdkVersionOf(long pid) {
        try {
            Path executable = Path.of("/proc", Long.toString(pid), "exe").toRealPath();
            for (Path home = executable.getParent(); home != null; home = home.getParent()) {
                Path release = home.resolve("release");
                if (Files.isRegularFile(release)) {
                    return Files.readAllLines(release).stream()
                            .filter(line -> line.startsWith("JAVA_VERSION="))
                            .map(line -> line.substring("JAVA_VERSION=".length()).replace("\"", "").strip())
                            .findFirst();
                }
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The name of the executable a process runs, or "" when it cannot be read. */
    static String executableOf(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElse("");
    }

    static String currentUser() {
        return ProcessHandle.current().info().user().orElse(System.getProperty("user.name"));
    }

    static boolean ownedBy(long pid, String user) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().user()).map(user::equals).orElse(false);
    }
}
