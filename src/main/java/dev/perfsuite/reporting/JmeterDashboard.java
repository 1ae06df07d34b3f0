package dev.perfsuite.reporting;

import dev.perfsuite.engines.JmeterHome;
import dev.perfsuite.files.DirectoryTree;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's own HTML dashboard, generated from a run's JTL after the run, so generating it costs
 * nothing per sample.
 *
 * <p>Trap: JMeter's report generator reads global JMeter properties; a fresh JMeter environment
 * ({@link JmeterHome}) provides the report templates and defaults the JTL was written with.
 * The dashboard covers the whole run, warm-up included (its own statistics, not the verdicts').
 */
public final class JmeterDashboard {

  private JmeterDashboard() {
  }

  /**
   * Generates the dashboard of {@code jtl} into {@code outputDir} (replaced) and zips it.
   *
   * @return the zip file beside {@code outputDir}
   * @throws IllegalStateException when JMeter cannot generate it, naming the JTL
   */
  public static synchronized Path generate(Path jtl, Path outputDir) {
    try {
      DirectoryTree.delete(outputDir);
      JmeterHome.prepare();
      JMeterUtils.setProperty("jmeter.reportgenerator.outputdir",
          outputDir.toAbsolutePath().toString());
      new ReportGenerator(jtl.toAbsolutePath().toString(), null).generate();
      Path zip = outputDir.resolveSibling(outputDir.getFileName() + ".zip");
      zip(outputDir, zip);
      return zip;
    } catch (Exception e) {
      throw new IllegalStateException("cannot generate the JMeter dashboard of " + jtl + ": " + e,
          e);
    }
  }

  /**
   * Whether {@code jtl} holds at least one sample row after its header: JMeter's report
   * generator fails on an empty one.
   */
  public static boolean hasSamples(Path jtl) {
    if (!Files.isRegularFile(jtl)) {
      return false;
    }
    try (Stream<String> lines = Files.lines(jtl)) {
      return lines.skip(1).anyMatch(l -> !l.isBlank());
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  private static void zip(Path dir, Path zip) throws IOException {
    try (OutputStream file = Files.newOutputStream(zip);
        ZipOutputStream out = new ZipOutputStream(file);
        Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new ZipEntry("dashboard/" + dir.relativize(p).toString()
            .replace('\\', '/')));
        Files.copy(p, out);
        out.closeEntry();
      }
    }
  }
}
