package dev.loomscope.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The string literals of Java sources, read with a small lexer (comments, char literals and text
 * blocks skipped or read as Java reads them), so tests can check what the code says.
 */
final class SourceLiterals {

    /** One literal: where it stands (1-based line) and its value, escapes resolved. */
    record Literal(Path file, int line, String value, String lineText) {
        String where() {
            return file + ":" + line;
        }
    }

    private SourceLiterals() {
    }

    /** Every literal of every .java file under {@code root}, in file then line order. */
    static List<Literal> under(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            var all = new ArrayList<Literal>();
            files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> all.addAll(of(f)));
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Literal> of(Path file) {
        String src;
        try {
            src = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String[] lines = src.split("\n", -1);
        var found = new ArrayList<Literal>();
        int line = 1;
        for (int i = 0; i < src.length(); i++) {
            char c = src.charAt(i);
            if (c == '\n') {
                line++;
            } else if (src.startsWith("//", i)) {
                i = src.indexOf('\n', i) - 1;
                if (i < 0) {
                    break;
                }
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                line += count(src, i, end, '\n');
                i = end + 1;
            } else if (c == '\'') {
                i = src.charAt(i + 1) == '\\' ? src.indexOf('\'', i + 3) : i + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                found.add(new Literal(file, line, src.substring(i + 3, end).stripIndent(), lines[line - 1]));
                line += count(src, i, end, '\n');
                i = end + 2;
            } else if (c == '"') {
                var value = new StringBuilder();
                int j = i + 1;
                for (; src.charAt(j) != '"'; j++) {
                    char d = src.charAt(j);
                    if (d == '\\') {
                        j++;
                        char e = src.charAt(j);
                        switch (e) {
                            case 'n' -> value.append('\n');
                            case 't' -> value.append('\t');
                            case 'u' -> {
                                while (src.charAt(j) == 'u') {
                                    j++;
                                }
                                value.append((char) Integer.parseInt(src.substring(j, j + 4), 16));
                                j += 3;
                            }
                            default -> value.append(e);
                        }
                    } else {
                        value.append(d);
                    }
                }
                found.add(new Literal(file, line, value.toString(), lines[line - 1]));
                i = j;
            }
        }
        return found;
    }

    private static int count(String s, int from, int to, char c) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }
}
