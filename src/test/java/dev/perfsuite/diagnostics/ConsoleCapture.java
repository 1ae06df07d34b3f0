package dev.perfsuite.diagnostics;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the console shows while a piece of code runs, for tests of the suite's logging; restores
 * {@code System.out} and the Log4j configuration of the tests (log4j2-test.xml) afterwards.
 *
 * <p>As a JUnit extension ({@code @ExtendWith(ConsoleCapture.class)}) it skips a test when another
 * Log4j configuration is active and reloads the tests' configuration after each test.
 */
public final class ConsoleCapture implements BeforeEachCallback, AfterEachCallback {

  @Override
  public void beforeEach(ExtensionContext context) {
    Assumptions.assumeTrue(testsLogging(), "the tests' log4j2-test.xml is not the active "
        + "configuration (-Dlog4j2.configurationFile?)");
  }

  @Override
  public void afterEach(ExtensionContext context) {
    resetLogging();
  }

  /** Runs {@code action} with {@code System.out} captured and returns what it printed. */
  public static String of(Runnable action) {
    PrintStream console = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(console);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * Whether the tests' own log4j2-test.xml is active, which prints the suite's lines in the form
   * these tests expect; not when {@code -Dlog4j2.configurationFile} names another.
   */
  public static boolean testsLogging() {
    String location = ((LoggerContext) LogManager.getContext(false)).getConfiguration()
        .getConfigurationSource().getLocation();
    return location != null && location.endsWith("log4j2-test.xml");
  }

  /** Reloads the tests' logging configuration, undoing levels a test set. */
  public static void resetLogging() {
    ((LoggerContext) LogManager.getContext(false)).reconfigure();
  }
}
