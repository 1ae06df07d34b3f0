package dev.perfsuite.engines.remote;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.CsvRecords;
import dev.perfsuite.results.JtlRows;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.zip.GZIPOutputStream;

/**
 * Merges the engines' CSV JTLs into one, ordered by time stamp, with one header and this JVM's
 * secrets masked. It is a k-way merge: each engine's records keep their own order, which is
 * completion order, as in any JMeter JTL. Memory is one record per engine, whatever the size of the
 * files.
 */
public final class JtlMerge {

  private JtlMerge() {
  }

  /**
   * Writes {@code engines}' JTLs merged into {@code target}; returns the records read per engine.
   *
   * @throws IOException when a file cannot be read or the target written
   */
  static Map<String, Long> merge(Map<String, Path> engines, Path target) throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    List<Source> sources = new ArrayList<>();
    String header = null;
    try {
      for (Map.Entry<String, Path> engine : engines.entrySet()) {
        BufferedReader reader = JtlRows.reader(engine.getValue());
        String first = CsvRecords.next(reader);
        header = header == null ? first : header;
        sources.add(new Source(engine.getKey(), reader));
        counts.put(engine.getKey(), 0L);
      }
      PriorityQueue<Source> heads = new PriorityQueue<>((a, b) -> Long.compare(a.stamp,
          b.stamp));
      for (Source source : sources) {
        if (source.advance()) {
          heads.add(source);
        }
      }
      Files.createDirectories(target.toAbsolutePath().getParent());
      try (BufferedWriter out = writer(target)) {
        if (header != null) {
          out.write(header);
          out.write('\n');
        }
        while (!heads.isEmpty()) {
          Source source = heads.poll();
          // Engines mask the secrets they know; the controller knows the run's own.
          out.write(Secrets.mask(source.record));
          out.write('\n');
          counts.merge(source.engine, 1L, Long::sum);
          if (source.advance()) {
            heads.add(source);
          }
        }
      }
    } finally {
      for (Source source : sources) {
        source.reader.close();
      }
    }
    return counts;
  }

  /** A writer of {@code target}, gzip-compressed when it is a {@code .gz} (perf.jtl.compress). */
  private static BufferedWriter writer(Path target) throws IOException {
    if (!target.getFileName().toString().endsWith(".gz")) {
      return Files.newBufferedWriter(target, StandardCharsets.UTF_8);
    }
    return new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(
        Files.newOutputStream(target), 1 << 16), StandardCharsets.UTF_8), 1 << 16);
  }

  /** Records (not lines) in a JTL, header excluded: what {@link #merge} would count. */
  public static long records(Path jtl) throws IOException {
    try (BufferedReader reader = JtlRows.reader(jtl)) {
      CsvRecords.next(reader);
      long n = 0;
      while (CsvRecords.next(reader) != null) {
        n++;
      }
      return n;
    }
  }

  private static final class Source {
    private final String engine;
    private final BufferedReader reader;
    private String record;
    private long stamp;

    Source(String engine, BufferedReader reader) {
      this.engine = engine;
      this.reader = reader;
    }

    boolean advance() throws IOException {
      record = CsvRecords.next(reader);
      if (record == null || record.isEmpty()) {
        return false;
      }
      int comma = record.indexOf(',');
      try {
        stamp = Long.parseLong(comma < 0 ? record : record.substring(0, comma));
      } catch (NumberFormatException e) {
        stamp = Long.MAX_VALUE;
      }
      return true;
    }
  }
}
