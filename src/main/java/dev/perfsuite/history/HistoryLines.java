package dev.perfsuite.history;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a history file, each decoded on its own so that bad bytes cost one line, not the
 * file.
 *
 * <p>The store writes one record per line (values never hold a line break), each append ends with
 * a newline, so an unterminated last line is what a writer killed mid-append leaves: it is dropped
 * and named, and the next append cuts it off. A line whose bytes are not UTF-8 is kept decoded
 * leniently (each bad byte as U+FFFD) and marked damaged: the store skips it, unless it is the
 * header it can repair.
 */
final class HistoryLines {
  private final List<Line> lines;
  private final List<String> skipped;

  private HistoryLines(List<Line> lines, List<String> skipped) {
    this.lines = lines;
    this.skipped = skipped;
  }

  /**
   * One decoded line and its 1-based number in the file. It is {@code damaged} when its bytes
   * were not UTF-8 text (or held a NUL); {@code text} is then decoded leniently.
   */
  record Line(int number, String text, boolean damaged) {
  }

  /** Splits {@code bytes}, the content of {@code file}, into decodable, terminated lines. */
  static HistoryLines of(byte[] bytes, Path file) {
    List<Line> lines = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    int start = 0;
    int number = 1;
    for (int i = 0; i <= bytes.length; i++) {
      if (i == bytes.length) {
        if (i > start) {
          skipped.add(file + ":" + number + ": unterminated last line (" + (i - start)
              + " bytes), as a writer stopped mid-append leaves; skipped");
        }
        break;
      }
      if (bytes[i] == '\n') {
        int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
        try {
          String text = StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes, start, end - start)).toString();
          if (text.indexOf('\0') >= 0) {
            throw new CharacterCodingException();
          }
          lines.add(new Line(number, text, false));
        } catch (CharacterCodingException e) {
          lines.add(new Line(number, new String(bytes, start, end - start,
              StandardCharsets.UTF_8).replace('\0', '\uFFFD'), true));
        }
        start = i + 1;
        number++;
      }
    }
    return new HistoryLines(lines, skipped);
  }

  List<Line> lines() {
    return lines;
  }

  /** Notes on the lines dropped, each naming {@code file:line}. */
  List<String> skipped() {
    return skipped;
  }
}
