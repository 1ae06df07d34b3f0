package dev.perfsuite.backends;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.diagnostics.OutputTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Backend log files under {@code target/backend-logs/} and the masked tails error messages quote.
 *
 * <p>Every tail or answer a backend quotes passes {@link #masked(String)}: the one place in
 * {@code backends} that masks known secrets ({@link Secrets#mask}) before a log line reaches a
 * message or a report.
 */
public final class BackendLogs {
  /** Lines a startup failure quotes by default. */
  public static final int TAIL_LINES = 40;
  static final Path DIRECTORY = Path.of("target", "backend-logs");
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

  private BackendLogs() {
  }

  /** A new, empty log file {@code target/backend-logs/<prefix>-<timestamp>.log}. */
  public static Path newFile(String prefix) {
    try {
      Files.createDirectories(DIRECTORY);
      for (int attempt = 0; ; attempt++) {
        Path file = DIRECTORY.resolve(prefix + "-" + LocalDateTime.now().format(STAMP)
            + (attempt == 0 ? "" : "-" + attempt) + ".log").toAbsolutePath();
        if (!Files.exists(file)) {
          return Files.createFile(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a backend log file under "
          + DIRECTORY.toAbsolutePath(), e);
    }
  }

  /** The last {@value #TAIL_LINES} lines of a log file, masked; a note when it is unreadable. */
  public static String fileTail(Path file) {
    try {
      return tail(Files.readString(file, StandardCharsets.UTF_8)) + "\n(full log: " + file + ")";
    } catch (IOException e) {
      return "(log " + file + " unreadable: " + e.getMessage() + ")";
    }
  }

  /** The last {@value #TAIL_LINES} lines of {@code text}, with known secrets masked. */
  public static String tail(String text) {
    return tail(text, TAIL_LINES);
  }

  /** The last {@code lines} lines of {@code text}, with known secrets masked. */
  public static String tail(String text, int lines) {
    return masked(OutputTail.last(text, lines));
  }

  /** {@code text} with every known secret masked. */
  public static String masked(String text) {
    return Secrets.mask(text);
  }

  /** A log tail as the closing section of an exception message. */
  public static String section(String tail) {
    return "\n--- log tail (last " + TAIL_LINES + " lines) ---\n" + tail;
  }
}
