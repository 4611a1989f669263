package dev.loomscope.ui.task;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/** Colours for Java source in the task editor: keywords, strings, comments, numbers, annotations (style classes of task-editor.css). */
final class JavaSyntax {

    private static final String[] KEYWORDS = {
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue", "default", "do",
            "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof",
            "int", "interface", "long", "native", "new", "package", "private", "protected", "public", "record", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "var", "void",
            "volatile", "while", "yield", "null", "true", "false"};

    private static final Pattern TOKENS = Pattern.compile(
            "(?<COMMENT>//[^\\n]*|/\\*(?s:.*?)\\*/)"
                    + "|(?<STRING>\"\"\"(?s:.*?)\"\"\"|\"([^\"\\\\\\n]|\\\\.)*\"|'([^'\\\\\\n]|\\\\.)*')"
                    + "|(?<ANNOTATION>@\\w+)"
                    + "|(?<KEYWORD>\\b(" + String.join("|", KEYWORDS) + ")\\b)"
                    + "|(?<NUMBER>\\b\\d[\\d_]*(\\.\\d+)?[lLfFdD]?\\b)");

    private static final List<String> GROUPS = List.of("COMMENT", "STRING", "ANNOTATION", "KEYWORD", "NUMBER");

    private JavaSyntax() {
    }

    static StyleSpans<Collection<String>> highlight(String text) {
        Matcher matcher = TOKENS.matcher(text);
        var spans = new StyleSpansBuilder<Collection<String>>();
        int last = 0;
        while (matcher.find()) {
            String styleClass = GROUPS.stream().filter(group -> matcher.group(group) != null).findFirst()
                    .map(group -> "java-" + group.toLowerCase(java.util.Locale.ROOT)).orElse("java-plain");
            spans.add(List.of(), matcher.start() - last);
            spans.add(List.of(styleClass), matcher.end() - matcher.start());
            last = matcher.end();
        }
        spans.add(List.of(), text.length() - last);
        return spans.create();
    }
}
