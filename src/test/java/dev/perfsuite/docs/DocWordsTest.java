package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Words that age well: what a user reads says what the suite does, not which ticket asked for it,
 * who else was building on the machine during a measurement, or that "here" was the machine the
 * project was built on. The engineering record ({@code docs/engineering/}) keeps dates and load
 * averages, which is what its reader needs, but no ticket numbers either.
 */
class DocWordsTest {
  /** Where the engineering record lives: dates, load averages and machine notes allowed. */
  static final Path ENGINEERING = Path.of("docs", "engineering");
  /** A ticket of this project's tracker; an upstream one names its repository first. */
  private static final List<Pattern> TICKETS = patterns(
      "\\bissues?\\s*#?\\d+",
      "(?<![\\w&/:{#(-])(?<![\\w.-]/[\\w.-]{1,40} (?:PR|pull request|issue) )#\\d{1,5}\\b"
          + "(?![0-9a-fA-F-])",
      "\\bthis issue\\b",
      "\\bthe issue's\\b",
      "\\b(?:last|this|previous|next) session\\b");
  /** Working notes: the state of one machine on one day, or a sentence waiting for its sequel. */
  private static final List<Pattern> NOTES = patterns(
      "\\bnot yet explained\\b",
      "\\breplaced by th(?:is|ese)\\b",
      "\\bthis \\d-core machine\\b",
      "\\bthis machine's (?:\\w+ )?mirror\\b",
      "\\bmirror here\\b",
      "\\bnot on the mirror\\b",
      "\\b(?:other|another|concurrent) (?:agents'? |engineers'? |people's )?builds?\\b",
      "\\bshared with other\\b",
      "\\bother (?:agents|engineers)\\b",
      "\\ba test build on the same cores\\b",
      "\\b(?:quiet|quieter|loaded|busy|busier) machine\\b",
      "\\bnothing else running\\b",
      "\\b(?:reproduced|measured|checked|raised|tested|fixed|run|runs|lacks) here\\b",
      "\\bhere\\*\\*");

  @Test
  void shouldKeepTicketsAndWorkingNotesOutOfWhatUsersRead() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : userFiles()) {
      found.addAll(matches(file, TICKETS));
      found.addAll(matches(file, NOTES));
    }
    assertThat(found)
        .as("ticket numbers or working notes (file:line: say what the suite does, move dated "
            + "measurements with their load average to docs/engineering/)")
        .isEmpty();
  }

  @Test
  void shouldKeepTicketNumbersOutOfTheEngineeringRecordAndTheCode() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : recordAndCode()) {
      found.addAll(matches(file, TICKETS));
    }
    assertThat(found).as("ticket numbers (file:line) in docs/engineering/ or src/main").isEmpty();
  }

  @Test
  void shouldFlagNotesAndTicketsButNotUpstreamReferencesOrColours() {
    List<String> flagged = Stream.of(
            "as issue 30 asked", "see #41", "Against the issue's goals", "not yet explained",
            "on this 2-core machine", "a machine shared with other builds", "on a quiet machine",
            "no longer reproduced here", "this machine's Maven mirror")
        .filter(l -> Stream.concat(TICKETS.stream(), NOTES.stream())
            .anyMatch(p -> p.matcher(l).find()))
        .toList();
    List<String> kept = Stream.of(
            "apache/jmeter PR #6742's review", "color:#777}", "every key named here",
            "the address this machine uses to reach the engine", "&#47;", "an issuer URL",
            "[below](#50000-users-on-one-generator)")
        .filter(l -> Stream.concat(TICKETS.stream(), NOTES.stream())
            .anyMatch(p -> p.matcher(l).find()))
        .toList();

    assertThat(flagged).as("lines the patterns must flag").hasSize(9);
    assertThat(kept).as("lines the patterns must leave alone").isEmpty();
  }

  /**
   * README, the user pages, the two folder READMEs and the POM's comments and messages. The
   * code's strings and comments are read for ticket numbers only (see the next test): a few still
   * say "on a loaded machine" and are worded by whoever next edits that code.
   */
  static List<Path> userFiles() throws IOException {
    List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), Path.of("pom.xml"),
        Path.of("bench", "README.md"), Path.of("docker", "README.md")));
    try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).filter(p -> !p.startsWith(ENGINEERING))
          .sorted().forEach(files::add);
    }
    return files;
  }

  /** The engineering record's pages and every file under src/main. */
  static List<Path> recordAndCode() throws IOException {
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(ENGINEERING)) {
      try (Stream<Path> record = Files.walk(ENGINEERING)) {
        record.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
      }
    }
    try (Stream<Path> main = Files.walk(Path.of("src", "main"))) {
      main.filter(Files::isRegularFile).sorted().forEach(files::add);
    }
    return files;
  }

  /** {@code file:line: text} for every line one of the patterns finds something in. */
  static List<String> matches(Path file, List<Pattern> patterns) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<String> found = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (patterns.stream().anyMatch(p -> p.matcher(line).find())) {
        found.add(file.toString().replace('\\', '/') + ":" + (i + 1) + ": " + line.strip());
      }
    }
    return found;
  }

  private static List<Pattern> patterns(String... regexes) {
    return Stream.of(regexes).map(r -> Pattern.compile(r, Pattern.CASE_INSENSITIVE)).toList();
  }
}
