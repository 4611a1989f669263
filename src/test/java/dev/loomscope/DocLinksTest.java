package dev.loomscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link and picture in README.md and docs/*.md leads somewhere: to a file that exists,
 * and, with a {@code #anchor} into a Markdown page, to a heading of that page as GitHub names it.
 */
class DocLinksTest {

    /** {@code [text](target)} and {@code ![alt](target)}, the text possibly over several lines; an optional "title". */
    private static final Pattern LINK = Pattern.compile("!?\\[((?:[^\\[\\]]|\\[[^\\[\\]]*\\])*)\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern FENCE = Pattern.compile("(?m)^\\s*(```|~~~).*$");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkAndPictureResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        List<Path> pages = pages();
        assertThat(pages).as("README.md and the docs").isNotEmpty();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readString(page, StandardCharsets.UTF_8))) {
                if (target.isEmpty() || target.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: and the like are not this test's business
                }
                checked++;
                String problem = problem(page, target);
                if (problem != null) {
                    broken.add(page + ": " + target + " (" + problem + ")");
                }
            }
        }
        assertThat(checked).as("links checked").isPositive();
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void headingsAreNamedAsGitHubNamesThem() {
        assertThat(anchors("# LoomScope\n## Quick start\n## Quick start\n### The `run` command: a *tour*\n"
                + "## Sweeps: one setting over a range\n## Fidelity: LoomScope against a plain JDK program\n"
                + "## [Linked](x.md) heading\n```\n# not a heading\n```\n"))
                .containsExactlyInAnyOrder("loomscope", "quick-start", "quick-start-1", "the-run-command-a-tour",
                        "sweeps-one-setting-over-a-range", "fidelity-loomscope-against-a-plain-jdk-program", "linked-heading");
        assertThat(links("See [a](b.md) and `[c](d.md)` and\n```\n[e](f.md)\n```\n![pic\nover lines](../assets/x.png)"
                + " [![inner](in.png)](outer.md#top)"))
                .containsExactly("b.md", "../assets/x.png", "in.png", "outer.md#top");
    }

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(Path.of("README.md"));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Why the target does not resolve from {@code page}, or null when it does. */
    private static String problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
            return "no such file: " + file;
        }
        if (!file.normalize().toAbsolutePath().startsWith(Path.of("").toAbsolutePath())) {
            return "outside the repository";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!file.toString().endsWith(".md")) {
            return null; // an anchor into a file that is not Markdown: a line in GitHub's viewer, say
        }
        Set<String> anchors = anchors(Files.readString(file, StandardCharsets.UTF_8));
        return anchors.contains(URLDecoder.decode(anchor, StandardCharsets.UTF_8)) ? null : "no heading #" + anchor + " in " + file;
    }

    /** The link targets of a page, outside code blocks and code spans. */
    static List<String> links(String markdown) {
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(withoutCode(markdown));
        while (m.find()) {
            targets.addAll(links(m.group(1))); // a picture inside a link's text
            targets.add(m.group(2));
        }
        return targets;
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutFences(markdown).split("\n")) {
            Matcher m = HEADING.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String slug = slug(m.group(2));
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1") // a link's text stays, its target goes
                .replaceAll("<[^>]+>", ""); // as do HTML tags
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{Mn}\\p{Pc} -]", "").replace(' ', '-');
    }

    private static String withoutCode(String markdown) {
        return withoutFences(markdown).replaceAll("`[^`\\n]*`", "code");
    }

    /** The page with its fenced code blocks blanked (line count kept). */
    private static String withoutFences(String markdown) {
        StringBuilder out = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                out.append('\n');
                continue;
            }
            out.append(inFence ? "" : line).append('\n');
        }
        return out.toString();
    }
}
