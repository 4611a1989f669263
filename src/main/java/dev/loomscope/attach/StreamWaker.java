package dev.loomscope.attach;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jdk.management.jfr.RemoteRecordingStream;

/**
 * Shortens the waits of {@link RemoteRecordingStream} on this side. The target writes its events out
 * once a second at most (JFR's flush task refuses shorter intervals), and then this side waits twice
 * more: its download thread asks for new bytes and, finding none, sleeps a second; its parser, at
 * the end of what it has, sleeps up to a second before looking again. Together that made events
 * 1.5-2 s late on average. This wakes both sleepers every {@link #PERIOD}, so only the target's own
 * flush remains. The sleepers are private to the JDK: this works only where the JVM opens
 * {@code jdk.management.jfr/jdk.management.jfr} and exports {@code jdk.jfr/jdk.jfr.internal.util} to
 * LoomScope (the jar's manifest does, and the test JVMs' flags); elsewhere nothing is woken and the JDK's own
 * pace stays.
 */
final class StreamWaker implements AutoCloseable {

    static final Duration PERIOD = Duration.ofMillis(50);
    private static final String DOWNLOAD_THREAD = "jdk.management.jfr.DownLoadThread";

    private final ScheduledExecutorService timer;

    private StreamWaker(Object downloadSleeper, MethodHandle notifyParser) {
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("loomscope-jfr-waker").daemon().factory());
        timer.scheduleAtFixedRate(() -> {
            synchronized (downloadSleeper) {
                downloadSleeper.notifyAll();
            }
            try {
                notifyParser.invokeExact();
            } catch (Throwable e) {
                // Only a wake-up: the parser then looks again at its own pace.
            }
        }, PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts waking the sleepers of {@code stream} (after {@link RemoteRecordingStream#startAsync()}); empty where the JDK's parts are closed to us. */
    static Optional<StreamWaker> start(RemoteRecordingStream stream) {
        try {
            Class<?> downloadClass = Class.forName(DOWNLOAD_THREAD, false, RemoteRecordingStream.class.getClassLoader());
            Module jfrManagement = RemoteRecordingStream.class.getModule();
            Class<?> utils = Class.forName("jdk.jfr.internal.util.Utils", false, RemoteRecordingStream.class.getClassLoader());
            Module self = StreamWaker.class.getModule();
            if (!jfrManagement.isOpen("jdk.management.jfr", self) || !utils.getModule().isExported("jdk.jfr.internal.util", self)) {
                return Optional.empty();
            }
            var lookup = MethodHandles.privateLookupIn(downloadClass, MethodHandles.lookup());
            VarHandle streamField = lookup.findVarHandle(downloadClass, "stream", RemoteRecordingStream.class);
            VarHandle sleeperField = lookup.findVarHandle(downloadClass, "threadSleeper",
                    Class.forName("jdk.jfr.internal.management.HiddenWait", false, RemoteRecordingStream.class.getClassLoader()));
            MethodHandle notifyParser = MethodHandles.lookup().findStatic(utils, "notifyFlush", MethodType.methodType(void.class));
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (downloadClass.isInstance(thread) && streamField.get(thread) == stream) {
                    return Optional.of(new StreamWaker(sleeperField.get(thread), notifyParser));
                }
            }
            return Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Optional.empty(); // another JDK's insides: its own pace it is
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
