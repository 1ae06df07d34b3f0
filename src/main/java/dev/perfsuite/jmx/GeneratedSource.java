package dev.perfsuite.jmx;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generator's code in the project's style. It uses explicit static imports instead of
 * {@code import static ...JmeterDsl.*}, and lines of at most {@link #WIDTH} columns (long string
 * literals split into concatenations, long comments wrapped).
 */
final class GeneratedSource {
  /** The project's line limit (checkstyle's LineLength). */
  static final int WIDTH = 100;
  private static final Pattern CALL = Pattern.compile("(?<![.\\w])([a-z]\\w*)\\s*\\(");
  private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

  private GeneratedSource() {
  }

  /**
   * One {@code import static Class.method} per method {@code code} calls unqualified. Methods are
   * found among the public static methods of {@code classes} (binary names, {@code $} for nested);
   * methods named in {@code local} (the class's own) are left out.
   */
  static Set<String> staticImports(String code, Collection<String> classes, Set<String> local) {
    Set<String> called = new TreeSet<>();
    Matcher matcher = CALL.matcher(STRING.matcher(code).replaceAll("\"\""));
    while (matcher.find()) {
      called.add(matcher.group(1));
    }
    called.removeAll(local);
    Set<String> imports = new TreeSet<>();
    for (String name : called) {
      for (String type : new TreeSet<>(classes)) {
        if (declaresStatic(type, name)) {
          imports.add(type.replace('$', '.') + "." + name);
          break;
        }
      }
    }
    return imports;
  }

  private static boolean declaresStatic(String type, String method) {
    try {
      for (Method m : Class.forName(type, false, GeneratedSource.class.getClassLoader())
          .getMethods()) {
        if (m.getName().equals(method) && Modifier.isStatic(m.getModifiers())) {
          return true;
        }
      }
      return false;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** {@code code} with every line wider than {@link #WIDTH} wrapped. */
  static String wrap(String code) {
    StringBuilder out = new StringBuilder();
    for (String line : code.split("\n", -1)) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(line.length() <= WIDTH ? line : String.join("\n", wrapLine(line)));
    }
    return out.toString();
  }

  private static List<String> wrapLine(String line) {
    String indent = line.substring(0, line.length() - line.stripLeading().length());
    String body = line.stripLeading();
    for (String comment : List.of("//", "*")) {
      if (body.startsWith(comment) && !body.startsWith("*/")) {
        return words(body.substring(comment.length()).trim(), indent + comment + " ");
      }
    }
    return splitStrings(indent, tokens(body));
  }

  /** Words of {@code text} filled into lines starting with {@code prefix}. */
  private static List<String> words(String text, String prefix) {
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder(prefix);
    for (String word : text.split(" ")) {
      if (current.length() > prefix.length() && current.length() + 1 + word.length() > WIDTH) {
        lines.add(current.toString().stripTrailing());
        current = new StringBuilder(prefix);
      }
      if (current.length() > prefix.length()) {
        current.append(' ');
      }
      current.append(word);
    }
    lines.add(current.toString().stripTrailing());
    return lines;
  }

  /** Code and string literals (with their quotes) in order. */
  private static List<String> tokens(String body) {
    List<String> tokens = new ArrayList<>();
    Matcher matcher = STRING.matcher(body);
    int at = 0;
    while (matcher.find()) {
      if (matcher.start() > at) {
        tokens.add(body.substring(at, matcher.start()));
      }
      tokens.add(matcher.group());
      at = matcher.end();
    }
    if (at < body.length()) {
      tokens.add(body.substring(at));
    }
    return tokens;
  }

  /**
   * Lines of the tokens, splitting each string literal that does not fit. Such a literal becomes
   * {@code "..." + "..."} pieces on continuation lines; the piece before the code that follows a
   * literal leaves room for it.
   */
  private static List<String> splitStrings(String indent, List<String> tokens) {
    String continuation = indent + "    ";
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder(indent);
    for (int i = 0; i < tokens.size(); i++) {
      String token = tokens.get(i);
      boolean literal = token.startsWith("\"");
      if (!literal || current.length() + token.length() <= WIDTH) {
        current.append(token);
        continue;
      }
      int reserve = i + 1 < tokens.size() && !tokens.get(i + 1).startsWith("\"")
          ? Math.min(tokens.get(i + 1).length(), 40) : 0;
      if (WIDTH - current.length() < 12 && !current.toString().isBlank()) {
        lines.add(current.toString().stripTrailing());
        current = new StringBuilder(continuation);
      }
      List<String> units = units(token.substring(1, token.length() - 1));
      int u = 0;
      while (u < units.size()) {
        int room = WIDTH - current.length() - 2;
        int remaining = units.subList(u, units.size()).stream().mapToInt(String::length).sum();
        if (remaining <= room - reserve) {
          current.append('"').append(String.join("", units.subList(u, units.size())))
              .append('"');
          break;
        }
        int from = u;
        int length = 0;
        do {
          length += units.get(u++).length();
        } while (u < units.size() && length + units.get(u).length() <= room);
        u = readableBreak(units, from, u);
        String piece = String.join("", units.subList(from, u));
        current.append('"').append(piece).append('"');
        lines.add(current.toString());
        current = new StringBuilder(continuation).append("+ ");
      }
    }
    lines.add(current.toString());
    return lines;
  }

  /**
   * Where a piece of units {@code [from, end)} ends, at a word's end when it can. It ends after the
   * last separator ({@code , / } or a space) among its last 30 units.
   */
  private static int readableBreak(List<String> units, int from, int end) {
    if (end >= units.size()) {
      return end;
    }
    for (int i = end; i > Math.max(from + 1, end - 30); i--) {
      if (List.of(",", "/", "}", " ").contains(units.get(i - 1))) {
        return i;
      }
    }
    return end;
  }

  /** A literal's content as units never split: a character or a whole escape. */
  private static List<String> units(String content) {
    List<String> units = new ArrayList<>();
    for (int i = 0; i < content.length(); i++) {
      char c = content.charAt(i);
      if (c != '\\' || i + 1 >= content.length()) {
        units.add(String.valueOf(c));
      } else if (content.charAt(i + 1) == 'u' && i + 6 <= content.length()) {
        units.add(content.substring(i, i + 6));
        i += 5;
      } else {
        units.add(content.substring(i, i + 2));
        i++;
      }
    }
    return units;
  }
}
