package dev.perfsuite.jmx;

import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * Plain JMeter 5.6.3 in a JVM of its own, as {@code jmeter -n ARGS} runs: JMeter's own start
 * (properties, base directory, Module Controllers, engine), no suite class in between.
 *
 * <p>The JMeter home is the one jmeter-java-dsl unpacks (JMeter's own property files). With
 * {@code --batch JOBS} one JVM runs several plans one after another: each job is one line of
 * tab-separated arguments, and each goes through {@link JMeter#start} as a fresh
 * {@code jmeter -n} would (JMeter reloads its property files and applies that job's {@code -J}
 * alone), its console in {@code console.txt} beside its {@code -l} file and a {@code done}
 * marker once its engine has ended. A plan JMeter refuses ends the JVM ({@code System.exit(1)},
 * as {@code jmeter -n} does): {@link JmeterBatch} then starts a new one for the rest.
 */
final class JmeterCommandLine {
  /** Longer than any plan of the corpora: the parent ends a JVM whose plan overruns. */
  private static final Duration LIMIT = Duration.ofMinutes(5);

  private JmeterCommandLine() {
  }

  /** Runs {@code jmeter -n} with {@code args}, or each job of {@code --batch JOBS}. */
  public static void main(String[] args) throws Exception {
    new JmeterEnvironment();
    String home = JMeterUtils.getJMeterHome();
    // JMeter reads bin/jmeter.properties under its home, found through this property.
    System.setProperty("jmeter.home", home);
    if (args.length == 2 && args[0].equals("--batch")) {
      for (String job : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
        if (!job.isBlank()) {
          runJob(home, List.of(job.split("\t")));
        }
      }
      return;
    }
    start(home, List.of(args));
  }

  private static void start(String home, List<String> args) {
    List<String> all = new ArrayList<>(List.of("-n", "-d", home));
    all.addAll(args);
    new JMeter().start(all.toArray(String[]::new));
  }

  private static void runJob(String home, List<String> args) throws Exception {
    Path dir = Path.of(args.get(args.indexOf("-l") + 1)).getParent();
    PrintStream console = System.out;
    try (PrintStream out = new PrintStream(new FileOutputStream(
        dir.resolve("console.txt").toFile()), true, StandardCharsets.UTF_8)) {
      System.setOut(out);
      System.setErr(out);
      start(home, args);
      // The engine jmeter -n started (JMeter keeps it as its singleton): the plan has run when
      // its test has ended, listeners (the -l file) closed.
      Field engine = StandardJMeterEngine.class.getDeclaredField("engine");
      engine.setAccessible(true);
      ((StandardJMeterEngine) engine.get(null)).awaitTermination(LIMIT);
      // A fresh JVM's file server: no file left open, no base directory of the last plan.
      FileServer.getFileServer().closeFiles();
      FileServer.getFileServer().resetBase();
    } finally {
      System.setOut(console);
      System.setErr(console);
    }
    Files.writeString(dir.resolve("done"), "");
  }
}
