package dev.loomscope.ui.help;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsHelpTest {

    private final List<URI> opened = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    @Test
    void opensThePageOfWhatIsOnScreen(@TempDir Path image) throws IOException {
        Files.createDirectories(image.resolve("lib/docs"));
        Files.writeString(image.resolve("lib/docs/learning.md"), "# Learning");
        Files.writeString(image.resolve("lib/docs/observing.md"), "# Observing");
        var help = new DocsHelp(DocsLocator.near(image.resolve("lib/app/loomscope.jar")), () -> DocPage.OBSERVE, problems::add);
        help.openWith(opened::add);

        help.open();

        assertThat(opened).containsExactly(image.resolve("lib/docs/observing.md").toUri());
        assertThat(problems).isEmpty();
    }

    @Test
    void withoutDocsItSaysWhereTheyAreAndOpensNothing(@TempDir Path elsewhere) {
        var help = new DocsHelp(DocsLocator.near(elsewhere.resolve("loomscope.jar")), () -> DocPage.PRESENTING, problems::add);
        help.openWith(opened::add);

        help.open();

        assertThat(opened).isEmpty();
        assertThat(problems).singleElement().asString().contains("presenting.md").contains("docs/");
    }
}
