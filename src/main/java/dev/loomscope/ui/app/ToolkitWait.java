package dev.loomscope.ui.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;

/**
 * What the launching thread does while JavaFX starts (about an eighth of a second, with a core to
 * spare): the first uses of what the window's build needs that need no toolkit, so that the build, on
 * the thread that makes the window's parts, finds them loaded and past their first, slowest call: the
 * prose bundles, {@link java.util.Formatter}'s numbers, the XML reader that reads the FXML files, and
 * ikonli's icon tables.
 * None of it touches JavaFX (its classes are being set up on the toolkit's threads meanwhile).
 */
final class ToolkitWait {

    private static final System.Logger LOG = System.getLogger(ToolkitWait.class.getName());

    private ToolkitWait() {
    }

    static void prepareTheBuild() {
        try {
            dev.loomscope.text.Text.messages();
            dev.loomscope.scenario.Durations.humanMillis(1_234.5);
            "%,d %.1f".formatted(10_000, 1.5);
            readThrough("/dev/loomscope/ui/controls/ControlPanel.fxml");
            findIcons();
        } catch (IOException | XMLStreamException | RuntimeException e) {
            // Only time is lost: the build makes these first uses itself.
            LOG.log(System.Logger.Level.DEBUG, dev.loomscope.text.Text.get("cli.window-prepare-failed", e), e);
        }
    }

    /**
     * ikonli's icon handlers, found as the first icon made finds them, and the icon tables the window's
     * icons are in (enums of about a thousand constants each, set up on first use).
     */
    private static void findIcons() {
        var used = java.util.List.<org.kordamp.ikonli.Ikon>of(org.kordamp.ikonli.material2.Material2AL.CLOSE, org.kordamp.ikonli.material2.Material2MZ.STOP,
                org.kordamp.ikonli.material2.Material2OutlinedAL.CAMERA_ALT, org.kordamp.ikonli.material2.Material2OutlinedMZ.WB_SUNNY);
        for (var handler : java.util.ServiceLoader.load(org.kordamp.ikonli.IkonHandler.class)) {
            for (var ikon : used) {
                if (handler.supports(ikon.getDescription())) {
                    handler.resolve(ikon.getDescription());
                }
            }
        }
    }

    /** Reads an FXML file to its end as FXMLLoader reads it (a coalescing StAX reader), keeping nothing. */
    private static void readThrough(String resource) throws IOException, XMLStreamException {
        var factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        try (InputStream in = ToolkitWait.class.getResourceAsStream(resource)) {
            if (in == null) {
                return;
            }
            var reader = factory.createXMLStreamReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            while (reader.hasNext()) {
                reader.next();
            }
            reader.close();
        }
    }
}
