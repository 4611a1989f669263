package dev.loomscope.launcher;

import dev.loomscope.testing.StartedFirst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.services.WaitService;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.TestJvms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jdbc blocking mode against a real database server: LoomScope's H2, started in this process
 * for each run, and a pool of real connections in the runner JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@StartedFirst
class JdbcBlockingTest {

    private final Runner runner = TestJvms.runner();

    static Scenario jdbc(ExecutorKind kind, int tasks, int sleepMs, int dbPool) {
        return Scenario.of(kind).withTasks(tasks).withSleepMs(sleepMs).withBlocking(BlockingMode.JDBC).withDbPool(dbPool).build();
    }

    @Test
    void everyTaskRunsItsQueryAndThePoolIsReported() throws InterruptedException {
        RunResult result = runner.run(jdbc(ExecutorKind.VIRTUAL, 40, 10, 4), RunOptions.DEFAULT, RunListener.NONE);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(40);
        assertThat(result.failed()).isZero();
        assertThat(result.dbPool()).isNotNull();
        assertThat(result.dbPool().size()).isEqualTo(4);
        assertThat(result.dbPool().fillMs()).isPositive();
        // 40 queries through 4 connections: most tasks queue for one.
        assertThat(result.dbPool().waitMaxMs()).isGreaterThanOrEqualTo(result.dbPool().waitP50Ms()).isPositive();
    }

    /**
     * One connection for five queries of 50 ms: the last task in the queue waits for the four before
     * it, each at least 50 ms on the server, so its wait and the run are at least that long. A bound
     * from below that the server's SLEEP guarantees, however slow the machine.
     */
    @Test
    void oneConnectionMakesTheTasksQueueForIt() throws InterruptedException {
        RunResult result = runner.run(jdbc(ExecutorKind.VIRTUAL, 5, 50, 1), RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(5);
        assertThat(result.dbPool().waitMaxMs()).isGreaterThanOrEqualTo(4 * 50);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(5 * 50);
    }

    /**
     * Timing: 400 queries of 20 ms through 10 connections are 40 rounds (800 ms in a perfect world); through 100, 4 rounds
     * (80 ms). Ten times the connections must buy at least three quarters of the 720 ms a perfect world saves. Both runs pay
     * the same cost beside their queries (400 virtual threads, their queries' round trips), which the difference leaves out;
     * as a ratio (a third of the time or less) it did not: on a 2-core machine 1.8 times slower than the one the bound was
     * set on, 100 connections took 327 ms against 967, and the ratio failed by 5 ms while 640 ms had been saved. Medians of
     * three runs each.
     */
    @Test
    @Tag("timing")
    void tenTimesTheConnectionsSaveMostOfWhatAPerfectWorldWould() throws InterruptedException {
        double ten = medianElapsed(jdbc(ExecutorKind.VIRTUAL, 400, 20, 10));
        double hundred = medianElapsed(jdbc(ExecutorKind.VIRTUAL, 400, 20, 100));
        assertThat(ten).isBetween(720.0, 1_600.0);
        assertThat(ten - hundred).as("saved by 100 connections, of the 720 ms a perfect world saves").isGreaterThanOrEqualTo(0.75 * 720);
    }

    private double medianElapsed(Scenario scenario) throws InterruptedException {
        double[] elapsed = new double[3];
        for (int i = 0; i < elapsed.length; i++) {
            RunResult result = new Runner().run(scenario, RunOptions.DEFAULT, RunListener.NONE);
            assertThat(result.isCompleted()).as(result.message()).isTrue();
            assertThat(result.completed()).isEqualTo(400);
            assertThat(result.vm().pinnedEvents()).as("pinned: %s", result.vm().pinnedReasons()).isZero();
            elapsed[i] = result.elapsedMs();
        }
        return dev.loomscope.result.RunResults.median(elapsed);
    }

    @Test
    void aPlatformPoolWaitsOnTheDatabaseToo() throws InterruptedException {
        var scenario = jdbc(ExecutorKind.FIXED, 20, 10, 5).withPool(4);
        RunResult result = runner.run(scenario, RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(20);
        assertThat(result.carrierPeak()).as("no carriers in a platform run").isEqualTo(-1);
    }

    @Test
    void theDatabaseServerServesOnlyWhileItsRunLasts() throws SQLException {
        var scenario = jdbc(ExecutorKind.VIRTUAL, 1, 1, 1);
        WaitService service = WaitService.start(scenario, null);
        String url = service.runnerArgs().get(ServiceArgs.JDBC_URL);
        String password = service.environment().get(ServiceArgs.JDBC_PASSWORD_ENV);
        assertThat(url).startsWith("jdbc:h2:tcp://127.0.0.1:");
        try (var connection = DriverManager.getConnection(url, "loomscope", password);
                var result = connection.createStatement().executeQuery("SELECT SLEEP(5)")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(5);
        }
        service.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DriverManager.getConnection(url, "loomscope", password).close())
                .isInstanceOf(SQLException.class);
    }

    @Test
    void aDatabaseThatRefusesThePasswordFailsTheRunInPlainWords(@TempDir Path folder) throws Exception {
        // LoomScope's own H2, reached as a user's database with a wrong password.
        var scenario = jdbc(ExecutorKind.VIRTUAL, 4, 5, 2);
        try (WaitService h2 = WaitService.start(scenario, null)) {
            Path passwordFile = Files.writeString(folder.resolve("password"), "not-the-password\n");
            var target = new DatabaseTarget(h2.runnerArgs().get(ServiceArgs.JDBC_URL), "loomscope", passwordFile);
            RunResult result = runner.run(scenario, RunOptions.DEFAULT.withoutJfr().withDatabase(target), RunListener.NONE);

            assertThat(result.isCompleted()).isFalse();
            assertThat(result.message()).contains("Could not fill a pool of 2 connections to " + target.url()).contains("password");
        }
    }

    @Test
    void aUsersDatabaseIsReachedWithThePasswordFromItsFile(@TempDir Path folder) throws Exception {
        var scenario = jdbc(ExecutorKind.VIRTUAL, 6, 5, 2);
        try (WaitService h2 = WaitService.start(scenario, null)) {
            Path passwordFile = Files.writeString(folder.resolve("password"), h2.environment().get(ServiceArgs.JDBC_PASSWORD_ENV) + "\n");
            var target = new DatabaseTarget(h2.runnerArgs().get(ServiceArgs.JDBC_URL), "loomscope", passwordFile);
            RunResult result = runner.run(scenario, RunOptions.DEFAULT.withoutJfr().withDatabase(target), RunListener.NONE);

            assertThat(result.isCompleted()).as(result.message()).isTrue();
            assertThat(result.completed()).isEqualTo(6);
        }
    }
}
