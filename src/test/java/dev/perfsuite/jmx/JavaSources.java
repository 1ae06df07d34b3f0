package dev.perfsuite.jmx;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles generated sources against the test class path, returning the compiler's errors. */
public final class JavaSources {
  private JavaSources() {
  }

  /** Errors compiling {@code source} into {@code classes}; empty when it compiles. */
  public static List<String> compile(Path source, Path classes) {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    String classPath = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null,
        null)) {
      Files.createDirectories(classes);
      boolean ok = compiler.getTask(null, files, diagnostics, List.of("-classpath", classPath
              + File.pathSeparator + System.getProperty("java.class.path"), "-d",
              classes.toString(), "--release", "17", "-proc:none"), null,
          files.getJavaFileObjects(source.toFile())).call();
      List<String> errors = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        if (d.getKind() == Diagnostic.Kind.ERROR) {
          errors.add("line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
        }
      }
      if (!ok && errors.isEmpty()) {
        errors.add("compilation failed without diagnostics");
      }
      return errors;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
