package dev.perfsuite.results;

import dev.perfsuite.config.Secrets;
import java.io.IOException;
import org.apache.jmeter.save.CSVSaveService;

/** Masks the secrets in a JTL row's values, before CSV quoting would hide their spelling. */
final class JtlMasking {
  /** What makes JMeter quote a CSV value: the delimiter, the quote and line breaks. */
  private static final char[] CSV_SPECIALS = {',', '"', '\r', '\n'};

  private JtlMasking() {
  }

  /**
   * {@code row} with every secret masked in its values, then quoted again. Masking the quoted
   * row would miss a secret holding a quote (CSV doubles it) and could cut a quoted field apart.
   * A row without any secret in any spelling is returned as it is.
   */
  static String masked(String row) {
    if (Secrets.mask(row).equals(row)) {
      return row;
    }
    String[] values;
    try {
      values = CSVSaveService.csvSplitString(row, ',');
    } catch (IOException e) {
      // JMeter wrote it, so it splits; should it not, the row is masked whole.
      return Secrets.mask(row);
    }
    StringBuilder out = new StringBuilder(row.length());
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(CSVSaveService.quoteDelimiters(Secrets.mask(values[i]), CSV_SPECIALS));
    }
    return out.toString();
  }
}
