import java.util.concurrent.Callable;

class NotPublic implements Callable<Void> {
    @Override
    public Void call() {
        return null;
    }
}
