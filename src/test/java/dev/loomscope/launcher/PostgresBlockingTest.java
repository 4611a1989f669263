package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.TestJvms;
import dev.loomscope.testing.ThrowawayPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jdbc mode against a real PostgreSQL: a throwaway cluster started for this class (skipped,
 * saying why, where PostgreSQL is not installed), a user with a password read from a file, the
 * waits done by {@code pg_sleep}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PostgresBlockingTest {

    private static ThrowawayPostgres postgres;

    @BeforeAll
    static void startCluster() throws Exception {
        var whyNot = ThrowawayPostgres.whyNot();
        assumeTrue(whyNot.isEmpty(), () -> "PostgreSQL tests skipped: " + whyNot.orElse(""));
        postgres = ThrowawayPostgres.start("pw-" + Long.toHexString(System.nanoTime()));
    }

    @AfterAll
    static void stopCluster() {
        if (postgres != null) {
            postgres.close();
        }
    }

    /**
     * 400 tasks of 20 ms through 10 connections: every query runs (pg_sleep waits at least its time,
     * so 40 rounds of it take at least 800 ms), and no virtual thread pins its carrier.
     */
    @Test
    void fourHundredQueriesThroughTenConnections(@TempDir Path folder) throws Exception {
        Path passwordFile = Files.writeString(folder.resolve("password"), postgres.password() + "\n");
        var target = new DatabaseTarget(postgres.url(), ThrowawayPostgres.USER, passwordFile);
        RunResult result = TestJvms.runner().run(JdbcBlockingTest.jdbc(ExecutorKind.VIRTUAL, 400, 20, 10),
                RunOptions.DEFAULT.withDatabase(target), RunListener.NONE);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(400);
        assertThat(result.failed()).isZero();
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(400 / 10 * 20);
        assertThat(result.vm().pinnedEvents()).as("pinned: %s", result.vm().pinnedReasons()).isZero();
        assertThat(result.dbPool().size()).isEqualTo(10);
        assertThat(result.dbPool().waitMaxMs()).isPositive();
    }
}
