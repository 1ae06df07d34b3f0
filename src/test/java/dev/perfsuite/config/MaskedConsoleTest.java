package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Console lines go through the secret mask, whole, even when printed in pieces. */
class MaskedConsoleTest {

  @Test
  void shouldMaskASecretPrintedInTwoPiecesOnOneLine() {
    Secrets.registerGenerated("console-secret-13");
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    PrintStream console = MaskedConsole.over(terminal);

    console.print("token console-");
    console.print("secret-13");
    console.println(" sent");
    console.printf("WARNING: %s%n", "Basic " + Base64.getEncoder()
        .encodeToString("me:console-secret-13".getBytes(StandardCharsets.UTF_8)));

    assertThat(terminal.toString(StandardCharsets.UTF_8)).as("what reached the terminal")
        .isEqualTo("token **** sent\nWARNING: Basic ****\n");
  }

  @Test
  void shouldWriteAPartialLineOnAnExplicitFlush() {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    PrintStream console = MaskedConsole.over(terminal);

    console.print("progress 50%");
    console.flush();

    assertThat(terminal.toString(StandardCharsets.UTF_8)).as("a prompt without line break")
        .isEqualTo("progress 50%");
  }
}
