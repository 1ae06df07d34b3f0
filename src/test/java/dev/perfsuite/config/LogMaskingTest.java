package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.diagnostics.ConsoleCapture;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

/**
 * Libraries' log lines are masked on the console and in the log file, as the suite's are. It
 * replaces {@code System.out} and Log4j's configuration, so it runs alone.
 */
@Isolated
@ExtendWith(ConsoleCapture.class)
class LogMaskingTest {
  private static final String SECRET = "lm\"q,w&e+r/t=y%u-logmask-41";
  private static final String URL_ENCODED = URLEncoder.encode(SECRET, StandardCharsets.UTF_8);
  private static final String BASE64 = Base64.getEncoder()
      .encodeToString(SECRET.getBytes(StandardCharsets.UTF_8));
  private static final String BASIC = Base64.getEncoder()
      .encodeToString(("me:" + SECRET).getBytes(StandardCharsets.UTF_8));

  @Test
  void shouldMaskASecretThatLibrariesLogOnTheConsoleAndInTheLogFile() throws IOException {
    Secrets.registerGenerated(SECRET);
    String line = "probe-41 token " + SECRET + " query ?p=" + URL_ENCODED + " raw " + BASE64
        + " header Basic " + BASIC;

    String console = ConsoleCapture.of(() -> {
      LoggerFactory.getLogger("org.apache.jmeter.threads.JMeterThread").warn(line,
          new IllegalStateException("refused " + SECRET));
      LoggerFactory.getLogger("io.netty.X").error(line);
    });
    List<String> file = Files.readAllLines(logFile(), StandardCharsets.UTF_8).stream()
        .filter(l -> l.contains("probe-41") || l.contains("refused")).toList();

    assertThat(console).as("the console: a library's error line, through the mask")
        .contains("io.netty.X - probe-41 token **** query ?p=**** raw **** header Basic ****");
    assertThat(String.join("\n", file)).as("target/jmeter.log: a library's warning and error")
        .contains("WARN  org.apache.jmeter.threads.JMeterThread: probe-41 token ****")
        .contains("IllegalStateException: refused ****")
        .contains("ERROR io.netty.X: probe-41 token ****");
    for (String form : List.of(SECRET, URL_ENCODED, BASE64, BASIC)) {
      assertThat(console).as("the console holds no spelling of the secret").doesNotContain(form);
      assertThat(file).as("the log file holds no spelling of the secret")
          .noneMatch(l -> l.contains(form));
    }
  }

  @Test
  void shouldMaskEveryAppenderOfTheTestsConfiguration() {
    assertThat(LogMasking.unmasked(active())).as("appenders of log4j2-test.xml without mask")
        .isEmpty();
  }

  @Test
  void shouldMaskLog4jsDefaultConfigurationWhenNoFileConfiguresIt() {
    Secrets.registerGenerated(SECRET);
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    context.setConfiguration(new DefaultConfiguration());
    assertThat(LogMasking.unmasked(active())).as("Log4j's own default").isNotEmpty();

    LogMasking.install();
    String console = ConsoleCapture.of(() -> LoggerFactory.getLogger("io.netty.X")
        .error("probe-42 token {}", SECRET));

    assertThat(LogMasking.unmasked(active())).as("the default once masked").isEmpty();
    assertThat(console).as("the default console line, masked")
        .contains("ERROR io.netty.X - probe-42 token ****").doesNotContain(SECRET);
  }

  private static Configuration active() {
    return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
  }

  /** The file the tests' configuration writes, wherever its appender says. */
  private static Path logFile() {
    FileAppender appender = active().getAppender("file");
    assertThat(appender).as("log4j2-test.xml's log file appender").isNotNull();
    return Path.of(appender.getFileName());
  }
}
