package dev.loomscope.ui.task;

import dev.loomscope.ui.fx.Messages;

/**
 * The examples the "Your task" editor starts from, one per way a task blocks. Each is a whole
 * class a user could have written: public, a Callable, a public no-arg constructor.
 */
public enum StarterTask {

    SLEEP("task.starter.sleep", """
            import java.util.concurrent.Callable;

            /** Each task sleeps: a virtual thread lets go of its carrier while it does. */
            public class YourTask implements Callable<Void> {

                @Override
                public Void call() throws InterruptedException {
                    Thread.sleep(100);
                    return null;
                }
            }
            """),

    MONITOR_WAIT("task.starter.monitor-wait", """
            import java.util.concurrent.Callable;

            /** Each task waits on a monitor of its own: on JDK 24 and later this no longer pins its carrier. */
            public class YourTask implements Callable<Void> {

                private final Object lock = new Object();

                @Override
                public Void call() throws InterruptedException {
                    synchronized (lock) {
                        lock.wait(30);
                    }
                    return null;
                }
            }
            """),

    LOCK("task.starter.lock", """
            import java.util.concurrent.Callable;
            import java.util.concurrent.TimeUnit;
            import java.util.concurrent.locks.Condition;
            import java.util.concurrent.locks.ReentrantLock;

            /** Each task waits on a java.util.concurrent lock's condition: a virtual thread parks and unmounts. */
            public class YourTask implements Callable<Void> {

                private final ReentrantLock lock = new ReentrantLock();
                private final Condition signalled = lock.newCondition();

                @Override
                public Void call() throws InterruptedException {
                    lock.lock();
                    try {
                        signalled.await(50, TimeUnit.MILLISECONDS);
                    } finally {
                        lock.unlock();
                    }
                    return null;
                }
            }
            """),

    FILE_READ("task.starter.file-read", """
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.Callable;

            /** Each task reads a 64 KB file: file I/O holds the carrier, and the JDK adds carriers to make up for it. */
            public class YourTask implements Callable<Integer> {

                private static final Path FILE = makeFile();

                private static Path makeFile() {
                    try {
                        Path file = Files.createTempFile("your-task", ".bin");
                        file.toFile().deleteOnExit();
                        return Files.write(file, new byte[64 * 1024]);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public Integer call() throws IOException {
                    return Files.readAllBytes(FILE).length;
                }
            }
            """),

    HTTP_CALL("task.starter.http-call", """
            import java.net.URI;
            import java.net.http.HttpClient;
            import java.net.http.HttpRequest;
            import java.net.http.HttpResponse;
            import java.util.concurrent.Callable;

            /**
             * Each task sends one GET and waits for the answer. Point URL at a service of yours;
             * 'loomscope serve' starts one on port 8080 (its /block?ms=50 answers after 50 ms).
             */
            public class YourTask implements Callable<Integer> {

                private static final String URL = "http://localhost:8080/block?ms=50";
                private static final HttpClient CLIENT = HttpClient.newHttpClient();

                @Override
                public Integer call() throws Exception {
                    HttpRequest request = HttpRequest.newBuilder(URI.create(URL)).build();
                    return CLIENT.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                }
            }
            """);

    private final String titleKey;
    private final String source;

    StarterTask(String titleKey, String source) {
        this.titleKey = titleKey;
        this.source = source;
    }

    /** How the Examples menu names it. */
    public String title() {
        return Messages.text(titleKey);
    }

    public String source() {
        return source;
    }
}
