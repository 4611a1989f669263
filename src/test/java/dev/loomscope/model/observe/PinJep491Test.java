package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which pins a JDK 21 to 23 target would not have on JDK 24+ (JEP 491): those with a monitor held, no native frame of the program's, no class initializer. */
class PinJep491Test {

    private static final List<String> SYNCHRONIZED_SLEEP = List.of("jdk.internal.misc.Unsafe.park (native)", "java.lang.VirtualThread.parkOnCarrierThread:675",
            "java.lang.VirtualThread.sleepNanos:799", "java.lang.Thread.sleep:507", "shop.Inventory.reserve:42");

    private static Pin pin(String reason, List<String> frames) {
        return new Pin(0, 50, 7, "", -1, reason, "", frames);
    }

    @Test
    void aReasonlessPinOnJdk21WithAMonitorHeldIsFreedOnJdk24() {
        assertThat(pin("", SYNCHRONIZED_SLEEP).freedByJep491(21)).isTrue();
        assertThat(pin("", SYNCHRONIZED_SLEEP).freedByJep491(23)).isTrue();
        assertThat(pin("", SYNCHRONIZED_SLEEP).freedByJep491(25)).as("JDK 24+ names its reason; this pin happened anyway").isFalse();
        assertThat(pin("", SYNCHRONIZED_SLEEP).freedByJep491(0)).as("the target's JDK not known").isFalse();
    }

    @Test
    void nativeFramesOfTheProgramAndClassInitializersStillPin() {
        var nativeCall = List.of("java.lang.Thread.sleep:507", "shop.Sorter.compare:12", "shop.Sorter.qsort (native)");
        var initializer = List.of("java.lang.Thread.sleep:507", "shop.Config.<clinit>:3");

        assertThat(pin("", nativeCall).freedByJep491(21)).isFalse();
        assertThat(pin("", initializer).freedByJep491(21)).isFalse();
        assertThat(Pin.freedByJep491(21, List.of("", "Native or VM frame on stack"), SYNCHRONIZED_SLEEP)).isFalse();
    }
}
