package dev.perfsuite.echo;

import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Parses the jar's command line ({@code --flag value} or {@code --flag=value}) into
 * {@link EchoOptions}.
 *
 * <p>Never exits: {@link EchoBackendMain} turns the {@link Parsed} outcome into output and an exit
 * code.
 */
final class EchoCommandLine {

  static final String HELP = "--help";

  private EchoCommandLine() {
  }

  /** What the command line asks for. */
  sealed interface Parsed permits Run, Help, Invalid {
  }

  /** Start a backend with these options. */
  record Run(EchoOptions options) implements Parsed {
  }

  /** Print {@link #usage()} and exit 0. */
  record Help() implements Parsed {
  }

  /** Print the message and {@link #usage()} to stderr and exit 2. */
  record Invalid(String message) implements Parsed {
  }

  /** The accepted flags with their value form, meaning, default and conversion. */
  enum Flag {
    PORT("--port", "<port>", "an integer from 0 to 65535",
        "TCP port to listen on; 0 picks a free port", String.valueOf(EchoOptions.DEFAULT_PORT),
        (options, value) -> options.withPort(parseInt(value, 0, 65_535))),
    HOST("--host", "<address>", "an IP address or host name",
        "address to bind; 0.0.0.0 listens on all interfaces (inside a container)",
        EchoOptions.DEFAULT_HOST, EchoOptions::withHost),
    BOSS_THREADS("--boss-threads", "<count>", "a positive integer",
        "event-loop threads accepting connections",
        String.valueOf(EchoOptions.DEFAULT_BOSS_THREADS),
        (options, value) -> options.withBossThreads(parseInt(value, 1, Integer.MAX_VALUE))),
    WORKER_THREADS("--worker-threads", "<count>", "a positive integer",
        "event-loop threads serving connections",
        "2 x available processors = " + EchoOptions.defaultWorkerThreads(),
        (options, value) -> options.withWorkerThreads(parseInt(value, 1, Integer.MAX_VALUE))),
    DELAY("--delay", "<ms>", "a whole number of milliseconds, 0 or more",
        "milliseconds to wait before each response, without blocking the event loop", "0",
        (options, value) -> options.withDelay(
            Duration.ofMillis(parseLong(value, 0, Long.MAX_VALUE / 1_000_000)))),
    STALL("--stall", "<period:length>",
        "PERIOD:LENGTH such as 10s:1s (ms, s or m; LENGTH < PERIOD)",
        "freeze LENGTH every PERIOD, wall-clock aligned; requests arriving inside are held until "
            + "it ends", "none",
        (options, value) -> options.withStall(EchoStall.parse(value))),
    MAX_CONTENT_LENGTH("--max-content-length", "<bytes>",
        "a whole number of bytes from 1 to " + Integer.MAX_VALUE,
        "largest request body in bytes; a larger one gets 413",
        EchoOptions.DEFAULT_MAX_CONTENT_LENGTH + " = 1 MiB",
        (options, value) -> options.withMaxContentLength(parseInt(value, 1, Integer.MAX_VALUE)));

    private final String name;
    private final String placeholder;
    private final String acceptedForm;
    private final String description;
    private final String defaultValue;
    private final BiFunction<EchoOptions, String, EchoOptions> apply;

    Flag(String name, String placeholder, String acceptedForm, String description,
        String defaultValue, BiFunction<EchoOptions, String, EchoOptions> apply) {
      this.name = name;
      this.placeholder = placeholder;
      this.acceptedForm = acceptedForm;
      this.description = description;
      this.defaultValue = defaultValue;
      this.apply = apply;
    }

    static Optional<Flag> named(String name) {
      return Arrays.stream(values()).filter(flag -> flag.name.equals(name)).findFirst();
    }
  }

  /**
   * Parses the arguments; {@code --help} anywhere wins over everything else.
   *
   * @param args the arguments given to {@code main}
   * @return what to do, never {@code null}
   */
  static Parsed parse(String... args) {
    if (Arrays.asList(args).contains(HELP)) {
      return new Help();
    }
    EchoOptions options = EchoOptions.defaults();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      int equals = arg.indexOf('=');
      String name = arg.startsWith("--") && equals > 0 ? arg.substring(0, equals) : arg;
      Optional<Flag> known = Flag.named(name);
      if (known.isEmpty()) {
        return new Invalid("Unknown flag '" + name + "'; accepted flags are " + acceptedFlags()
            + ".");
      }
      Flag flag = known.get();
      String value;
      if (name.length() < arg.length()) {
        value = arg.substring(equals + 1);
      } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        value = args[++i];
      } else {
        return new Invalid("Missing value for " + flag.name + "; expected " + flag.name + " "
            + flag.placeholder + ", " + flag.acceptedForm + ".");
      }
      try {
        options = flag.apply.apply(options, value);
      } catch (IllegalArgumentException e) {
        return new Invalid("Invalid value '" + value + "' for " + flag.name + "; expected "
            + flag.acceptedForm + ", e.g. " + flag.name + " " + example(flag) + ".");
      }
    }
    return new Run(options);
  }

  /**
   * Returns the help text: every flag with its value form, meaning and default.
   *
   * @return several lines, ending with a line separator
   */
  static String usage() {
    int width = Arrays.stream(Flag.values())
        .mapToInt(flag -> flag.name.length() + 1 + flag.placeholder.length())
        .max()
        .orElse(0);
    String nl = System.lineSeparator();
    StringBuilder usage = new StringBuilder()
        .append("Usage: java -jar perf-suite-echo.jar [flags]").append(nl)
        .append(nl)
        .append("HTTP/1.1 echo backend: any method and path get 200 with the request body and "
            + "its Content-Type.")
        .append(nl)
        .append("Prints 'Echo backend listening on port <port>' once bound; stops on SIGTERM.")
        .append(nl)
        .append(nl)
        .append("Flags (--flag value or --flag=value):").append(nl);
    for (Flag flag : Flag.values()) {
      String form = flag.name + " " + flag.placeholder;
      usage.append("  ").append(form).append(" ".repeat(width - form.length() + 2))
          .append(flag.description).append(" (default: ").append(flag.defaultValue).append(")")
          .append(nl);
    }
    usage.append("  ").append(HELP).append(" ".repeat(width - HELP.length() + 2))
        .append("print this help and exit").append(nl);
    return usage.toString();
  }

  private static String acceptedFlags() {
    return Arrays.stream(Flag.values()).map(flag -> flag.name)
        .collect(Collectors.joining(", ")) + ", " + HELP;
  }

  private static String example(Flag flag) {
    return switch (flag) {
      case HOST -> "127.0.0.1";
      case DELAY -> "100";
      case STALL -> "10s:1s";
      default -> flag.defaultValue.split(" ")[0];
    };
  }

  private static int parseInt(String value, int min, int max) {
    return (int) parseLong(value, min, max);
  }

  /** Accepts plain decimal digits only (no sign, no spaces) in {@code [min, max]}. */
  private static long parseLong(String value, long min, long max) {
    if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("not a whole number: " + value);
    }
    // NumberFormatException (an IllegalArgumentException) on overflow.
    long parsed = Long.parseLong(value);
    if (parsed < min || parsed > max) {
      throw new IllegalArgumentException(value + " is outside [" + min + ", " + max + "]");
    }
    return parsed;
  }
}
