package dev.loomscope.protocol;

/**
 * What a run's database connection pool measured (the jdbc blocking mode), timed by the runner
 * around its own calls.
 *
 * @param size        connections in the pool (minimum idle = maximum)
 * @param fillMs      from creating the pool until all its connections were open; before the run's
 *                    clock starts, as a running service's pool is warm
 * @param waitP50Ms   the median task's time in {@code getConnection()}
 * @param waitMaxMs   the longest time a task spent in {@code getConnection()}
 */
public record PoolFigures(int size, double fillMs, double waitP50Ms, double waitMaxMs) {
}
