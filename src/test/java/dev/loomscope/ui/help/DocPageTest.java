package dev.loomscope.ui.help;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DocPageTest {

    @Test
    void theScreenDecidesThePagePresentationFirstThenObservingThenTheTab() {
        assertThat(DocPage.forScreen(false, false, "results")).isEqualTo(DocPage.EXPERIMENT);
        assertThat(DocPage.forScreen(false, false, null)).isEqualTo(DocPage.EXPERIMENT);
        assertThat(DocPage.forScreen(false, false, "sweep")).isEqualTo(DocPage.SWEEP);
        assertThat(DocPage.forScreen(false, false, "web")).isEqualTo(DocPage.WEB);
        assertThat(DocPage.forScreen(false, true, "sweep")).isEqualTo(DocPage.OBSERVE);
        assertThat(DocPage.forScreen(true, true, "sweep")).isEqualTo(DocPage.PRESENTING);
    }

    @Test
    void everyPageAndSectionExistsInDocs() throws IOException {
        for (DocPage page : DocPage.values()) {
            Path file = Path.of("docs", page.file());
            assertThat(file).as(page + "'s page").isRegularFile();
            if (page.section() != null) {
                var anchors = Files.readAllLines(file).stream().filter(line -> line.startsWith("#")).map(DocPageTest::anchor).toList();
                assertThat(anchors).as(page + "'s section in " + file).contains(page.section());
            }
        }
    }

    /** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
    private static String anchor(String heading) {
        return heading.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
    }
}
