package dev.loomscope.model;

import dev.loomscope.result.RunLabel;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;

/**
 * What one run of virtual threads says of how its kind of blocking treats the carrier, read from
 * its measured figures alone, never from the kind's name: the elapsed time placed between the
 * perfect world where every wait frees its carrier and the one where every wait holds it, JFR's
 * pin events, and the most carrier threads alive at once (-1 where the runner's JDK cannot count them: the scheduler's
 * MXBean came in JDK 24). Where the figures do not decide (the two
 * perfect worlds too close to tell apart, an elapsed time between them, pins on a run as fast as
 * freeing), the verdict is {@link Verdict#UNCLEAR} rather than a guess.
 *
 * @param idealIfFreedMs the perfect world if each wait unmounts (all wait at once, or the db pool's waves)
 * @param idealIfHeldMs  the perfect world if each wait keeps its carrier (the carriers' waves)
 */
public record CarrierVerdict(String kind, double elapsedMs, double idealIfFreedMs, double idealIfHeldMs, long pins, int carrierPeak,
                             int carriers, Verdict verdict) {

    /** What the figures say. */
    public enum Verdict {
        /** As fast as freeing, no pin: the wait unmounted. */
        FREES,
        /** As slow as holding, and JFR saw pins. */
        PINS,
        /** As slow as holding, and no pin event: a blocking call the scheduler cannot see. */
        HOLDS,
        /** More carrier threads than carriers, no pin: the scheduler added carriers for held ones. */
        COMPENSATED,
        /** As fast as freeing, no pin, carrier threads not counted: freed, or carriers added for held ones. */
        FREES_OR_COMPENSATED,
        /** The figures do not decide. */
        UNCLEAR
    }

    /** The two perfect worlds must be at least this far apart for the elapsed time to tell them apart. */
    static final double DISTINCT = 4;
    /** Where the elapsed time lies between the two, on a log scale (0: freed, 1: held), up to which it counts as freed. */
    static final double FREED_UP_TO = 0.4;
    /** ...and from which it counts as held. */
    static final double HELD_FROM = 0.7;

    /** The verdict of a completed virtual-thread run; null for a platform executor or a run that did not complete. */
    public static CarrierVerdict of(RunResult result, int cores) {
        Scenario s = result.scenario();
        if (!result.isCompleted() || !s.executor().isVirtual()) {
            return null;
        }
        double freed = IdealTime.millisIfFreed(s, cores);
        double held = IdealTime.millisIfHeld(s, cores);
        int carriers = result.carriers();
        long pins = result.vm().pinnedEvents();
        // The kind, and the JDK where it is not the default's: synchronized pins on JDK 21 and frees on 25.
        String kind = s.blocking().cliName() + RunLabel.jdkSuffix(result);
        return new CarrierVerdict(kind, result.elapsedMs(), freed, held, pins, result.carrierPeak(), carriers,
                decide(result.elapsedMs(), freed, held, pins, result.carrierPeak(), carriers));
    }

    /** The verdict from the measured figures and the two perfect worlds. */
    static Verdict decide(double elapsedMs, double idealIfFreedMs, double idealIfHeldMs, long pins, int carrierPeak, int carriers) {
        if (idealIfFreedMs <= 0 || elapsedMs <= 0 || idealIfHeldMs < idealIfFreedMs * DISTINCT) {
            return Verdict.UNCLEAR;
        }
        double at = Math.log(elapsedMs / idealIfFreedMs) / Math.log(idealIfHeldMs / idealIfFreedMs);
        if (pins > 0) {
            return at >= HELD_FROM ? Verdict.PINS : Verdict.UNCLEAR;
        }
        if (carrierPeak > carriers) {
            return Verdict.COMPENSATED;
        }
        if (at <= FREED_UP_TO) {
            // Uncounted carrier threads cannot tell a freed carrier from held ones the scheduler made up for.
            return carrierPeak < 0 ? Verdict.FREES_OR_COMPENSATED : Verdict.FREES;
        }
        return at >= HELD_FROM ? Verdict.HOLDS : Verdict.UNCLEAR;
    }

    /** The verdict in words: "frees it", "pins it (JFR)"... (of its carrier). */
    public String words() {
        return dev.loomscope.text.Text.get(switch (verdict) {
            case FREES -> "matrix.verdict.frees";
            case PINS -> "matrix.verdict.pins";
            case HOLDS -> "matrix.verdict.holds";
            case COMPENSATED -> "matrix.verdict.compensated";
            case FREES_OR_COMPENSATED -> "matrix.verdict.frees-or-compensated";
            case UNCLEAR -> "matrix.verdict.unclear";
        });
    }

    /** Whether the runner's JDK counted its carrier threads (JDK 24 and later). */
    public boolean carriersCounted() {
        return carrierPeak >= 0;
    }

    /** "3 of 2": the carrier threads at most, of the carriers asked for; "- of 2" where they were not counted. */
    public String carrierCount() {
        return dev.loomscope.text.Text.get(carriersCounted() ? "matrix.carriers.value" : "matrix.carriers.uncounted", carrierPeak, carriers);
    }

    /** The table's cell: the count, and ", compensated" where the scheduler added carriers. */
    public String carrierFigure() {
        return compensated() ? dev.loomscope.text.Text.get("matrix.carriers.compensated", carrierPeak, carriers) : carrierCount();
    }

    /** Whether the scheduler ran more carrier threads than its carriers. */
    public boolean compensated() {
        return carrierPeak > carriers;
    }
}
