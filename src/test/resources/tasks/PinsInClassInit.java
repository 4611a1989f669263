package example.pins;

import java.util.concurrent.Callable;

/** The first task sleeps inside a static initializer: its virtual thread keeps its carrier (a pin). */
public class PinsInClassInit implements Callable<Integer> {

    static final class Slow {
        static final int ANSWER;

        static {
            try {
                Thread.sleep(80); // line 13: the pinned event's stack names this line
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ANSWER = 42;
        }
    }

    @Override
    public Integer call() {
        return Slow.ANSWER;
    }
}
