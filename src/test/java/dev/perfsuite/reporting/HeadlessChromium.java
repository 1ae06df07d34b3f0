package dev.perfsuite.reporting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Debian's Chromium, headless: the DOM of a page after its scripts ran, for report checks. */
final class HeadlessChromium {
  private HeadlessChromium() {
  }

  /**
   * Loads {@code url} and returns the DOM once the page has had 20 s of virtual time.
   *
   * @throws AssertionError when no Chromium is on PATH or it does not finish within {@code limit}
   */
  static String dumpDom(String url, Duration limit) throws IOException, InterruptedException {
    String binary = Stream.of("chromium", "chromium-browser", "google-chrome")
        .filter(b -> Stream.of(System.getenv("PATH").split(":"))
            .anyMatch(dir -> Files.isExecutable(Path.of(dir, b))))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no Chromium on PATH. Fix: apt-get install -y "
            + "chromium"));
    Path profile = Files.createTempDirectory("perf-chromium");
    // The DOM goes to a file: a large page's DOM left in an unread pipe would stall Chromium.
    Path dom = Files.createTempFile("perf-chromium-dom", ".html");
    Process process = new ProcessBuilder(List.of(binary, "--headless", "--no-sandbox",
        "--disable-gpu", "--user-data-dir=" + profile, "--virtual-time-budget=20000",
        "--dump-dom", url))
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .redirectOutput(dom.toFile())
        .start();
    if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("Chromium did not finish rendering " + url + " within " + limit);
    }
    return Files.readString(dom, StandardCharsets.UTF_8);
  }
}
