import java.util.concurrent.Callable;

public class Broken implements Callable<Void> {
    @Override
    public Void call() {
        int count = "three";
        missing();
        return null;
    }
}
