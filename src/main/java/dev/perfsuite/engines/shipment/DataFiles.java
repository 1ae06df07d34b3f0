package dev.perfsuite.engines.shipment;

import dev.perfsuite.engines.BuiltTree;
import java.io.File;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.util.HTTPFileArg;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JSR223TestElement;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/**
 * Finds the files a plan reads in its JMeter tree and rewrites their paths.
 *
 * <p>Looked at: CSV data sets (JMeter's and the random-order plugin's {@code filename}), HTTP
 * file uploads and body files ({@code HTTPFileArg} paths) and JSR223 script files. A relative
 * path resolves as JMeter resolves it locally: as given when it exists from the working
 * directory, else under JMeter's base directory. A path holding a JMeter expression
 * ({@code ${...}}) is left as written; when it has one value at the test's start
 * ({@link RunTimePaths}) the file it makes goes to the engines' mirror of the plan's folder
 * ({@link PlanMirror}).
 */
final class DataFiles {
  private static final String FILENAME = "filename";
  private static final String RANDOM_CSV = "com.blazemeter.jmeter.RandomCSVDataSetConfig";

  private DataFiles() {
  }

  /**
   * What {@link #in} found.
   *
   * @param files every distinct (kind, path) read by the plan, in tree order
   * @param expressions paths that hold JMeter expressions, with their element, left alone
   * @param runTime those of them with one value when the test starts ({@link RunTimePaths}): the
   *     expression as written and the file it makes here, which may not exist
   */
  record Found(List<DataFile> files, List<String> expressions, List<DataFile> runTime) {
  }

  /** The files {@code plan} reads, built as the engines will build it. */
  static Found in(DslTestPlan plan) {
    return in(BuiltTree.build(plan));
  }

  /** The files the elements of {@code tree} read. */
  static Found in(HashTree tree) {
    List<DataFile> files = new ArrayList<>();
    List<String> expressions = new ArrayList<>();
    List<Runnable> evaluations = new ArrayList<>();
    List<DataFile> runTime = new ArrayList<>();
    RunTimePaths[] values = new RunTimePaths[1];
    visit(tree, (kind, element, written) -> {
      if (written.contains("${")) {
        expressions.add(kind + " " + describe(element) + ": " + written);
        // The plan's variables are evaluated once, and only for a plan that needs them.
        evaluations.add(() -> values[0].evaluate(written).ifPresent(value -> runTime.add(
            new DataFile(kind, describe(element), written, resolve(value), false,
                charset(element), false))));
      } else if (files.stream().noneMatch(f -> f.kind() == kind && f.written().equals(written))) {
        files.add(new DataFile(kind, describe(element), written, resolve(written),
            kind == DataFile.Kind.CSV && hasHeader(element), charset(element),
            kind == DataFile.Kind.CSV && element.getPropertyAsBoolean("quotedData")));
      }
      return written;
    });
    if (!evaluations.isEmpty()) {
      values[0] = RunTimePaths.of(tree);
      evaluations.forEach(Runnable::run);
    }
    return new Found(files, expressions, runTime);
  }

  /**
   * Replaces every path of {@code tree} found in {@code paths} (keyed by {@link #key}); returns
   * how many elements changed.
   */
  static int rewrite(HashTree tree, Map<String, String> paths) {
    int[] changed = {0};
    visit(tree, (kind, element, written) -> {
      String replacement = paths.get(key(kind, written));
      if (replacement == null) {
        return written;
      }
      changed[0]++;
      return replacement;
    });
    return changed[0];
  }

  /** The rewrite key of a path as written by an element of {@code kind}. */
  static String key(DataFile.Kind kind, String written) {
    return kind.name() + '\u0000' + written;
  }

  /** Where JMeter on this machine opens {@code written} (FileServer's rule). */
  static Path resolve(String written) {
    File file = new File(written);
    if (file.isAbsolute() || file.exists()) {
      return file.toPath().toAbsolutePath().normalize();
    }
    return Path.of(FileServer.getFileServer().getBaseDir()).resolve(written).toAbsolutePath()
        .normalize();
  }

  /** Calls {@code visitor} for each file path in the tree and stores what it returns. */
  private static void visit(HashTree tree, PathVisitor visitor) {
    for (Object node : tree.list()) {
      if (node instanceof TestElement element) {
        visitElement(element, visitor);
      }
      visit(tree.getTree(node), visitor);
    }
  }

  private static void visitElement(TestElement element, PathVisitor visitor) {
    if (element instanceof CSVDataSet || RANDOM_CSV.equals(element.getClass().getName())) {
      visitProperty(element, FILENAME, DataFile.Kind.CSV, visitor);
    } else if (element instanceof JSR223TestElement) {
      visitProperty(element, FILENAME, DataFile.Kind.SCRIPT, visitor);
    } else if (element instanceof HTTPSamplerBase sampler) {
      HTTPFileArg[] args = sampler.getHTTPFiles();
      boolean changed = false;
      for (HTTPFileArg arg : args) {
        String path = arg.getPath();
        if (path != null && !path.isBlank()) {
          String replaced = visitor.apply(DataFile.Kind.UPLOAD, element, path);
          if (!replaced.equals(path)) {
            arg.setPath(replaced);
            changed = true;
          }
        }
      }
      if (changed) {
        // getHTTPFiles may hand out copies; setting them back is what JMeter's GUI does.
        sampler.setHTTPFiles(args);
      }
    }
  }

  private static void visitProperty(TestElement element, String property, DataFile.Kind kind,
      PathVisitor visitor) {
    String path = element.getPropertyAsString(property).trim();
    if (!path.isEmpty()) {
      String replaced = visitor.apply(kind, element, path);
      if (!replaced.equals(path)) {
        element.setProperty(property, replaced);
      }
    }
  }

  private static boolean hasHeader(TestElement element) {
    return element.getPropertyAsBoolean("ignoreFirstLine")
        || element.getPropertyAsString("variableNames").isBlank();
  }

  private static Charset charset(TestElement element) {
    String name = element.getPropertyAsString("fileEncoding").trim();
    try {
      return name.isEmpty() ? StandardCharsets.UTF_8 : Charset.forName(name);
    } catch (IllegalArgumentException e) {
      return StandardCharsets.UTF_8;
    }
  }

  private static String describe(TestElement element) {
    return "'" + element.getName() + "' (" + element.getClass().getSimpleName() + ")";
  }

  @FunctionalInterface
  private interface PathVisitor {
    /** Returns the path to keep for {@code written}. */
    String apply(DataFile.Kind kind, TestElement element, String written);
  }
}
