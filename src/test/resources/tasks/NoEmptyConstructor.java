import java.util.concurrent.Callable;

public class NoEmptyConstructor implements Callable<Void> {
    private final int size;

    public NoEmptyConstructor(int size) {
        this.size = size;
    }

    @Override
    public Void call() {
        return null;
    }
}
