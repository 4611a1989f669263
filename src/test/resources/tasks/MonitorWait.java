import java.util.concurrent.Callable;

public class MonitorWait implements Callable<Void> {
    private final Object lock = new Object();

    @Override
    public Void call() throws InterruptedException {
        synchronized (lock) {
            lock.wait(30);
        }
        return null;
    }
}
