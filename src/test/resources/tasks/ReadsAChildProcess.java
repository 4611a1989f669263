package example.carriers;

import java.util.concurrent.Callable;

/**
 * Each task reads a child process's output, which comes when the child ends 300 ms later. Process's
 * streams wrap that read in the JDK's Blocker, so the scheduler adds a carrier for each one held.
 */
public class ReadsAChildProcess implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        Process child = new ProcessBuilder("sleep", "0.3").start();
        int read = child.getInputStream().read();
        child.waitFor();
        return read;
    }
}
