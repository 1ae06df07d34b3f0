package dev.perfsuite.jmx;

import bsh.ParseException;
import bsh.Parser;
import bsh.TokenMgrError;
import java.io.StringReader;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.script.Compilable;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import org.apache.jmeter.testelement.TestElement;

/**
 * A JSR223 (Groovy) or BeanShell script compiled before load, as JMeter compiles it when the
 * element first runs. A script that does not compile is a warning naming the element and the
 * compiler's message; JMeter runs the plan and the element fails each time, so the suite does
 * the same. Scripts read from a file, and languages other than Groovy and BeanShell, are left to
 * JMeter.
 */
final class ScriptCompilation {
  /** JMeter puts a value in place of each {@code ${...}} before compiling; a name stands in. */
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{[^{}]*}");
  /** Enough of the compiler's message to find the line; the log of the run keeps the rest. */
  private static final int MESSAGE_CHARS = 400;

  private ScriptCompilation() {
  }

  /** The compiler's complaint about {@code element}'s script, empty when it compiles. */
  static Optional<String> check(TestElement element, ClassLoader loader) {
    String type = element.getClass().getSimpleName();
    boolean beanShell = type.startsWith("BeanShell");
    String prefix = type.equals("BeanShellSampler") ? "BeanShellSampler." : "";
    String script = element.getPropertyAsString(prefix + (prefix.isEmpty() ? "script"
        : "query"));
    String file = element.getPropertyAsString(prefix + "filename");
    if (script.isBlank() || !file.isBlank()) {
      return Optional.empty();
    }
    String language = beanShell ? "beanshell"
        : element.getPropertyAsString("scriptLanguage").trim().toLowerCase(Locale.ROOT);
    String code = placeholders(script);
    Optional<String> problem = switch (language) {
      case "beanshell" -> beanShell(code);
      case "", "groovy" -> groovy(code, loader);
      default -> Optional.empty();
    };
    return problem.map(p -> "script '" + element.getName() + "' (" + (beanShell ? "BeanShell"
        : "Groovy") + ") does not compile: " + shorten(p) + "; JMeter runs the plan and the "
        + "element fails each time it runs (errors of cause SCRIPT). Fix: correct the script "
        + "(open it in JMeter's editor to see the line)");
  }

  private static String placeholders(String script) {
    String code = script;
    while (REFERENCE.matcher(code).find()) {
      code = REFERENCE.matcher(code).replaceAll("jmeterValue");
    }
    return code;
  }

  private static Optional<String> groovy(String code, ClassLoader loader) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      ScriptEngine engine = new ScriptEngineManager(loader).getEngineByName("groovy");
      if (!(engine instanceof Compilable compilable)) {
        return Optional.empty();
      }
      compilable.compile(code);
      return Optional.empty();
    } catch (ScriptException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  private static Optional<String> beanShell(String code) {
    Parser parser = new Parser(new StringReader(code));
    try {
      while (!parser.Line()) {
        parser.popNode();
      }
      return Optional.empty();
    } catch (ParseException | TokenMgrError e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  private static String shorten(String message) {
    String flat = message.replaceAll("\\s+", " ").trim();
    return flat.length() <= MESSAGE_CHARS ? flat : flat.substring(0, MESSAGE_CHARS) + "...";
  }
}
