import java.util.concurrent.Callable;

/** Spins forever and ignores interrupts: only ending its JVM stops it. */
public class NeverReturns implements Callable<Void> {
    @Override
    public Void call() {
        long spins = 0;
        while (spins >= 0) {
            spins++;
            Thread.onSpinWait();
        }
        return null;
    }
}
