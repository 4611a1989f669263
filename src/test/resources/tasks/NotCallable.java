public class NotCallable implements Runnable {
    @Override
    public void run() {
    }
}
