package dev.loomscope.ui.help;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsLocatorTest {

    private static Path file(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, "x");
    }

    @Test
    void inTheAppImageTheDocsAreLibDocsBesideTheJarsFolder(@TempDir Path image) throws IOException {
        Path jar = file(image.resolve("lib/app/loomscope.jar"));
        file(image.resolve("lib/docs/learning.md"));
        file(image.resolve("lib/docs/presenting.md"));

        var locator = DocsLocator.near(jar);

        assertThat(locator.docs()).contains(image.resolve("lib/docs").toAbsolutePath());
        assertThat(locator.uriOf(DocPage.PRESENTING)).contains(image.resolve("lib/docs/presenting.md").toUri());
        assertThat(locator.uriOf(DocPage.SWEEP))
                .contains(URI.create(image.resolve("lib/docs/learning.md").toUri() + "#sweeps-one-setting-over-a-range"));
        assertThat(locator.uriOf(DocPage.OBSERVE)).as("a page the image lacks").isEmpty();
    }

    @Test
    void inACheckoutTheDocsAreTheRepositorysFromTheJarOrTheClasses(@TempDir Path repository) throws IOException {
        file(repository.resolve("docs/learning.md"));
        Path jar = file(repository.resolve("target/loomscope.jar"));
        Path classes = Files.createDirectories(repository.resolve("target/classes"));

        assertThat(DocsLocator.near(jar).docs()).contains(repository.resolve("docs"));
        assertThat(DocsLocator.near(classes).docs()).contains(repository.resolve("docs"));
    }

    @Test
    void aDocsFolderWithoutLoomScopesPagesOrFarAboveIsNotTaken(@TempDir Path root) throws IOException {
        file(root.resolve("lib/docs/README.md"));
        assertThat(DocsLocator.near(file(root.resolve("lib/app/loomscope.jar"))).docs()).isEmpty();

        file(root.resolve("docs/learning.md"));
        Path deep = file(root.resolve("a/b/c/d/loomscope.jar"));
        assertThat(DocsLocator.near(deep).docs()).as("docs four levels up").isEmpty();
        assertThat(DocsLocator.near(deep).uriOf(DocPage.EXPERIMENT)).isEmpty();
    }

    @Test
    void theseTestsClassesFindThisRepositorysDocs() {
        assertThat(DocsLocator.ofThisApp().docs()).contains(Path.of("docs").toAbsolutePath());
    }
}
