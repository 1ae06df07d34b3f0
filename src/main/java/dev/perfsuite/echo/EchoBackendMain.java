package dev.perfsuite.echo;

import java.io.PrintStream;

/**
 * Runs an {@link EchoBackend} from the command line until SIGTERM; {@code --help} lists the flags.
 *
 * <p>Exit codes: 0 after {@code --help}, 1 if the address cannot be bound, 2 for a bad command
 * line; after SIGTERM the JVM closes the backend in a shutdown hook and exits with 143. Once bound
 * it prints exactly one line to stdout, {@value #READY_LINE_PREFIX}{@code <port>}, which containers
 * wait for.
 */
public final class EchoBackendMain {

  /** The start of the single line printed once the port is bound; the port number follows. */
  public static final String READY_LINE_PREFIX = "Echo backend listening on port ";

  private static final int EXIT_BIND_FAILED = 1;
  private static final int EXIT_USAGE = 2;

  private EchoBackendMain() {
  }

  /**
   * Parses the flags, starts the backend and blocks until the JVM is asked to stop.
   *
   * @param args the flags, see {@code --help}
   * @throws InterruptedException if the main thread is interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    EchoCommandLine.Parsed parsed = EchoCommandLine.parse(args);
    if (parsed instanceof EchoCommandLine.Help) {
      System.out.print(EchoCommandLine.usage());
      System.out.flush();
      return;
    }
    if (parsed instanceof EchoCommandLine.Invalid invalid) {
      PrintStream err = System.err;
      err.println(invalid.message());
      err.println();
      err.print(EchoCommandLine.usage());
      err.flush();
      System.exit(EXIT_USAGE);
      return;
    }
    EchoOptions options = ((EchoCommandLine.Run) parsed).options();
    EchoBackend backend;
    try {
      backend = EchoBackend.start(options);
    } catch (IllegalStateException e) {
      System.err.println(e.getMessage());
      System.exit(EXIT_BIND_FAILED);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(backend::close, "echo-shutdown"));
    System.out.println(READY_LINE_PREFIX + backend.port());
    System.out.flush();
    backend.awaitTermination();
  }
}
