package dev.perfsuite.config;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Puts {@link Secrets#mask} between this JVM's {@code System.out} and {@code System.err} and the
 * terminal. No console line then shows a registered secret: not the suite's log lines, a
 * library's print nor a stack trace.
 *
 * <p>Lines are masked whole: bytes wait for their line break, or for an explicit flush, so a
 * secret printed in two pieces is still caught. The suite's loggers write through
 * {@code System.out} as it is at each line ({@code follow="true"} in the Log4j configuration);
 * an appender that captured the stream before {@link #install()} ran bypasses this mask, and
 * relies on its own layout's ({@link MaskedLayout}).
 */
public final class MaskedConsole extends OutputStream {
  private final OutputStream terminal;
  private final Charset charset;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  private MaskedConsole(OutputStream terminal, Charset charset) {
    this.terminal = terminal;
    this.charset = charset;
  }

  /** Wraps {@code System.out} and {@code System.err} once per JVM; later calls do nothing. */
  public static synchronized void install() {
    if (!(System.out instanceof Masked)) {
      System.setOut(new Masked(new MaskedConsole(System.out, console()), console()));
    }
    if (!(System.err instanceof Masked)) {
      System.setErr(new Masked(new MaskedConsole(System.err, console()), console()));
    }
  }

  /** {@code terminal} behind a mask, for tests that capture a console of their own. */
  public static PrintStream over(OutputStream terminal) {
    return new Masked(new MaskedConsole(terminal, StandardCharsets.UTF_8),
        StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      emit();
      terminal.flush();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    int start = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == '\n') {
        line.write(bytes, start, i + 1 - start);
        emit();
        start = i + 1;
      }
    }
    line.write(bytes, start, end - start);
    if (start > offset) {
      terminal.flush();
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    emit();
    terminal.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
  }

  private void emit() throws IOException {
    if (line.size() == 0) {
      return;
    }
    String text = line.toString(charset);
    line.reset();
    terminal.write(Secrets.mask(text).getBytes(charset));
  }

  /** The console's encoding as Java 17 picks it for {@code System.out}. */
  private static Charset console() {
    String name = System.getProperty("sun.stdout.encoding");
    try {
      return name == null ? Charset.defaultCharset() : Charset.forName(name);
    } catch (IllegalArgumentException e) {
      return Charset.defaultCharset();
    }
  }

  /** The JVM's console print stream: not auto-flushed, so lines reach the mask whole. */
  private static final class Masked extends PrintStream {
    Masked(MaskedConsole console, Charset charset) {
      super(console, false, charset);
    }
  }
}
