import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/** Every second call throws, as code with a bug would. */
public class Throws implements Callable<String> {
    private static final AtomicInteger CALLS = new AtomicInteger();

    @Override
    public String call() {
        if (CALLS.incrementAndGet() % 2 == 0) {
            throw new IllegalStateException("the database said no");
        }
        return "fine";
    }
}
