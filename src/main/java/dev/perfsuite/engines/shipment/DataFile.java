package dev.perfsuite.engines.shipment;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A file a plan reads at run time, found in its JMeter tree. It is a CSV data set, an HTTP upload
 * or body file, or a JSR223 script file.
 *
 * @param kind what reads it
 * @param element the reading element, as {@code 'name' (JMeter class)} for messages
 * @param written the path as the plan writes it (what is rewritten)
 * @param file where JMeter on this machine would open it
 * @param header whether the first line is a header every partition slice keeps (CSV data sets
 *     whose variable names come from the file or that ignore the first line)
 * @param charset the CSV file's encoding (UTF-8 when the element names none)
 * @param quoted whether the CSV data set reads double quotes as quoting ({@code quotedData}; off
 *     by default, as in JMeter, when a {@code "} is a plain character and every line a row)
 */
record DataFile(Kind kind, String element, String written, Path file, boolean header,
    Charset charset, boolean quoted) {

  /**
   * What reads a data file; only CSV data sets can be partitioned. A plugin jar is read by the
   * engine itself (the plugins room ships it through {@link DataShipment#uploadJars}).
   */
  enum Kind {
    CSV("CSV data set"), UPLOAD("HTTP file"), SCRIPT("script file"), PLUGIN("plugin jar");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  DataFile {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(written, "written");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(charset, "charset");
  }

  /** {@code CSV data set 'users' (org.apache.jmeter.config.CSVDataSet) reads /abs/users.csv}. */
  String describe() {
    return kind + " " + element + " reads " + file;
  }
}
