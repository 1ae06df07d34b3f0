package dev.perfsuite.engines;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads a CSV file record by record, each as the text it has in the file. A record is a line, or
 * several while a quoted field holds line breaks (its double quotes do not balance yet), as JMeter
 * reads quoted data and writes JTLs.
 *
 * <p>For copying records unchanged (a JTL merge, a data file dealt among engines); to read
 * fields, JMeter's {@code CSVSaveService.csvReadFile} parses them.
 */
public final class CsvRecords {

  private CsvRecords() {
  }

  /**
   * The next record, lines joined with {@code \n}; null at the end. A quote left open at the end
   * of the file ends the record there.
   */
  public static String next(BufferedReader reader) throws IOException {
    String line = reader.readLine();
    if (line == null) {
      return null;
    }
    StringBuilder record = new StringBuilder(line);
    long quotes = quotes(line);
    while (quotes % 2 == 1) {
      String more = reader.readLine();
      if (more == null) {
        break;
      }
      record.append('\n').append(more);
      quotes += quotes(more);
    }
    return record.toString();
  }

  private static long quotes(String text) {
    long n = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '"') {
        n++;
      }
    }
    return n;
  }
}
