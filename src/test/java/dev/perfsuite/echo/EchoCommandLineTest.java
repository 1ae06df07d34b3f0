package dev.perfsuite.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.echo.EchoCommandLine.Help;
import dev.perfsuite.echo.EchoCommandLine.Invalid;
import dev.perfsuite.echo.EchoCommandLine.Parsed;
import dev.perfsuite.echo.EchoCommandLine.Run;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EchoCommandLineTest {

  @Test
  void shouldUseDefaultsWhenNoFlagsGiven() {
    Parsed parsed = EchoCommandLine.parse();

    assertThat(parsed).as("no flags").isEqualTo(new Run(EchoOptions.defaults()));
    EchoOptions options = ((Run) parsed).options();
    assertThat(options.port()).as("default port").isEqualTo(8688);
    assertThat(options.host()).as("default host").isEqualTo("127.0.0.1");
    assertThat(options.bossThreads()).as("default boss threads").isEqualTo(1);
    assertThat(options.workerThreads()).as("default worker threads")
        .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
    assertThat(options.delay()).as("default delay").isZero();
    assertThat(options.maxContentLength()).as("default max content length").isEqualTo(1024 * 1024);
  }

  @Test
  void shouldParseEveryFlagWhenGivenInBothForms() {
    Parsed parsed = EchoCommandLine.parse("--port", "0", "--host=127.0.0.1", "--boss-threads", "2",
        "--worker-threads=3", "--delay", "250", "--max-content-length", "2048");

    assertThat(parsed).as("all flags")
        .isEqualTo(new Run(new EchoOptions("127.0.0.1", 0, 2, 3, Duration.ofMillis(250), 2048)));
  }

  @Test
  void shouldAskForHelpWhenHelpAppearsAnywhere() {
    assertThat(EchoCommandLine.parse("--help")).as("--help alone").isInstanceOf(Help.class);
    assertThat(EchoCommandLine.parse("--port", "nope", "--help")).as("--help after a bad value")
        .isInstanceOf(Help.class);
  }

  @Test
  void shouldListEveryFlagWithDefaultAndUnitInUsage() {
    String usage = EchoCommandLine.usage();

    assertThat(usage).as("usage text")
        .contains("--port <port>", "(default: 8688)")
        .contains("--host <address>", "(default: 127.0.0.1)")
        .contains("--boss-threads <count>", "(default: 1)")
        .contains("--worker-threads <count>", "(default: 2 x available processors")
        .contains("--delay <ms>", "milliseconds", "(default: 0)")
        .contains("--max-content-length <bytes>", "(default: 1048576 = 1 MiB)")
        .contains("--help");
  }

  @Test
  void shouldRejectUnknownFlagNamingItAndTheAcceptedOnes() {
    Parsed parsed = EchoCommandLine.parse("--port", "1", "--sleep=5");

    assertThat(parsed).as("unknown flag").isInstanceOf(Invalid.class);
    assertThat(((Invalid) parsed).message()).as("message")
        .contains("'--sleep'", "--port", "--delay", "--max-content-length", "--help");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "--port, 70000, an integer from 0 to 65535",
      "--port, -1, an integer from 0 to 65535",
      "--boss-threads, 0, a positive integer",
      "--worker-threads, two, a positive integer",
      "--delay, 1.5, a whole number of milliseconds",
      "--delay, -10, a whole number of milliseconds",
      "--max-content-length, 1MB, a whole number of bytes",
      "--max-content-length, 3000000000, a whole number of bytes"
  })
  void shouldRejectBadValueNamingFlagValueAndAcceptedForm(String flag, String value,
      String acceptedForm) {
    Parsed parsed = EchoCommandLine.parse(flag, value);

    assertThat(parsed).as("%s %s", flag, value).isInstanceOf(Invalid.class);
    assertThat(((Invalid) parsed).message()).as("message for %s %s", flag, value)
        .contains(flag, "'" + value + "'", acceptedForm);
  }

  @Test
  void shouldRejectFlagWhenItsValueIsMissing() {
    Parsed last = EchoCommandLine.parse("--delay");
    Parsed followedByFlag = EchoCommandLine.parse("--port", "--delay", "5");

    assertThat(last).as("--delay at the end")
        .isEqualTo(new Invalid("Missing value for --delay; expected --delay <ms>, "
            + "a whole number of milliseconds, 0 or more."));
    assertThat(followedByFlag).as("--port followed by a flag").isInstanceOf(Invalid.class);
    assertThat(((Invalid) followedByFlag).message()).as("message")
        .startsWith("Missing value for --port");
  }

  @Test
  void shouldRejectBlankHost() {
    Parsed parsed = EchoCommandLine.parse("--host=");

    assertThat(parsed).as("empty host").isInstanceOf(Invalid.class);
    assertThat(((Invalid) parsed).message()).as("message").contains("--host", "''",
        "an IP address or host name");
  }
}
