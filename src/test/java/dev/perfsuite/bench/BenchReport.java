package dev.perfsuite.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Markdown report under the bench directory: each bench class writes its own section file
 * ({@code sections/NN-name.md}) and re-assembles {@code bench-report.md} from every section there,
 * so whichever class runs last prints the complete table. {@code bench/run} clears the sections
 * first, so a report never mixes runs.
 *
 * <p>With {@code -Dbench.publish=true} each section also replaces its file under the repository's
 * {@code bench/reports/} (the name without its order prefix), where the docs read their figures.
 */
final class BenchReport {
  /** The repository's bench files, relative to the project directory Maven runs the bench in. */
  static final Path REPORTS = Path.of("bench", "reports");

  private BenchReport() {
  }

  /** Writes one section (with the machine line at the time it ran), prints it and the report. */
  static void section(BenchSettings settings, String file, String title, String body) {
    String text = "## " + title + "\n\n_Measured " + Instant.now().truncatedTo(ChronoUnit.SECONDS)
        + " on " + Machine.current().markdown() + "._\n\n" + body.strip() + "\n";
    Path sections = settings.out().resolve("sections");
    try {
      Files.createDirectories(sections);
      Files.writeString(sections.resolve(file + ".md"), text);
      if (Boolean.getBoolean("bench.publish")) {
        // bench.publish.as keeps a second series apart (e.g. the same bench on another Java).
        Path published = REPORTS.resolve(System.getProperty("bench.publish.as",
            file.replaceFirst("^\\d+-", "")) + ".md");
        Files.createDirectories(REPORTS);
        Files.writeString(published, text);
        System.out.println("Published to " + published);
      }
      System.out.println("\n" + text);
      StringBuilder report = new StringBuilder("# perf-suite generator benchmark\n\n")
          .append("Machine: ").append(Machine.current().markdown()).append(".\n\n");
      List<Path> parts;
      try (Stream<Path> files = Files.list(sections)) {
        parts = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
      }
      for (Path part : parts) {
        report.append(Files.readString(part)).append('\n');
      }
      Path out = settings.out().resolve("bench-report.md");
      Files.writeString(out, report.toString());
      System.out.println("Report so far (" + parts.size() + " sections): " + out.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write bench report under " + settings.out(), e);
    }
  }
}
