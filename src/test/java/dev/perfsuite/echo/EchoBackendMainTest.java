package dev.perfsuite.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link EchoBackendMain} in a child JVM, as a container would. */
class EchoBackendMainTest {

  @Test
  void shouldPrintOneReadyLineWhenBoundAndStopOnSigterm(@TempDir Path dir) throws Exception {
    Path stdout = dir.resolve("stdout.txt");
    Process process = java("--port", "0", "--host", "127.0.0.1").redirectOutput(stdout.toFile())
        .start();
    try {
      // A child JVM can take many seconds to start on a loaded 2-core machine: wait generously.
      String readyLine = await("a whole line on stdout").atMost(Duration.ofSeconds(60))
          .until(() -> Files.readString(stdout), out -> out.endsWith("\n") || !process.isAlive());

      process.destroy(); // SIGTERM
      boolean exited = process.waitFor(10, TimeUnit.SECONDS);

      assertThat(readyLine).as("stdout once bound")
          .matches("Echo backend listening on port [1-9][0-9]*\\R");
      assertThat(exited).as("exited after SIGTERM").isTrue();
      assertThat(Files.readString(stdout)).as("stdout after SIGTERM").isEqualTo(readyLine);
    } finally {
      process.destroyForcibly();
    }
  }

  @Test
  void shouldExitWith2WhenFlagIsUnknown() throws Exception {
    Process process = java("--nope").redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(process.waitFor(10, TimeUnit.SECONDS)).as("exited").isTrue();
      assertThat(process.exitValue()).as("exit code").isEqualTo(2);
      assertThat(output).as("output").contains("Unknown flag '--nope'", "Usage:");
    } finally {
      process.destroyForcibly();
    }
  }

  private static ProcessBuilder java(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        EchoBackendMain.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
  }
}
