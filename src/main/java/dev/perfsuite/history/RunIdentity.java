package dev.perfsuite.history;

import dev.perfsuite.config.PerfConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Which run a history record belongs to: when, from what code, against what, and by which CI build.
 *
 * @param runId unique id grouping the label rows of one run
 * @param time when the run started (first sample, warm-up included)
 * @param commit the git commit under test, {@code unknown} outside a git checkout
 * @param target {@code perf.target} of the run
 * @param profile {@code perf.profile} name of the run
 * @param engine {@code perf.engine} of the run, lower case
 * @param build the Jenkins build that ran it, empty outside Jenkins
 * @param selection which scenarios the test run selected: {@value #CATALOGUE} (several classes,
 *     the main job and the nightly) or {@code class:<SimpleName>} (one class run alone, whose JVM
 *     and backends start cold); runs of different selections are not compared by default
 * @param shape the load the run offered, {@link LoadShape#describe()}; {@value LoadShape#UNKNOWN}
 *     (empty) for runs recorded without one. Runs of different shapes are not compared
 */
public record RunIdentity(String runId, Instant time, String commit, String target, String profile,
    String engine, Optional<JenkinsBuild> build, String selection, String shape) {

  /** An identity of a run of {@code selection} whose load shape is unknown. */
  public RunIdentity(String runId, Instant time, String commit, String target, String profile,
      String engine, Optional<JenkinsBuild> build, String selection) {
    this(runId, time, commit, target, profile, engine, build, selection, LoadShape.UNKNOWN);
  }

  /** Selection of a run among several scenario classes, and of history rows older than it. */
  public static final String CATALOGUE = "catalogue";

  /** An identity of a run of the whole catalogue. */
  public RunIdentity(String runId, Instant time, String commit, String target, String profile,
      String engine, Optional<JenkinsBuild> build) {
    this(runId, time, commit, target, profile, engine, build, CATALOGUE);
  }

  /** Commit recorded when neither {@code GIT_COMMIT} nor {@code git rev-parse HEAD} gives one. */
  public static final String UNKNOWN_COMMIT = "unknown";
  private static final Duration GIT_TIMEOUT = Duration.ofSeconds(5);
  private static final DateTimeFormatter MINUTES =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm'Z'").withZone(ZoneOffset.UTC);

  /**
   * A Jenkins build, from the variables Jenkins sets for every build.
   *
   * @param job {@code JOB_NAME}
   * @param number {@code BUILD_NUMBER}
   * @param url {@code BUILD_URL}, empty when Jenkins has no root URL configured
   */
  public record JenkinsBuild(String job, String number, String url) {
  }

  /**
   * The identity of a run starting at {@code time} under {@code config}. The commit and the Jenkins
   * build are read from {@code environment} ({@code GIT_COMMIT}, {@code JOB_NAME},
   * {@code BUILD_NUMBER}, {@code BUILD_URL}), falling back to {@code git rev-parse HEAD}.
   */
  public static RunIdentity of(String runId, Instant time, PerfConfig config,
      Map<String, String> environment) {
    return of(runId, time, config, environment, CATALOGUE);
  }

  /** As {@link #of(String, Instant, PerfConfig, Map)}, for a run of {@code selection}. */
  public static RunIdentity of(String runId, Instant time, PerfConfig config,
      Map<String, String> environment, String selection) {
    String commit = Optional.ofNullable(environment.get("GIT_COMMIT")).filter(c -> !c.isBlank())
        .or(RunIdentity::gitHead).orElse(UNKNOWN_COMMIT);
    Optional<JenkinsBuild> build = Optional.ofNullable(environment.get("BUILD_NUMBER"))
        .filter(n -> !n.isBlank())
        .map(n -> new JenkinsBuild(environment.getOrDefault("JOB_NAME", ""), n,
            environment.getOrDefault("BUILD_URL", "")));
    return new RunIdentity(runId, time, commit, config.target().name(), config.profile().name(),
        config.engine().name().toLowerCase(Locale.ROOT), build, selection,
        LoadShape.of(config).describe());
  }

  /** The commit shortened to 8 characters, as charts and tables show it. */
  public String shortCommit() {
    return commit.length() > 8 ? commit.substring(0, 8) : commit;
  }

  /** How a table or chart names this run: the build number when there is one, else the time. */
  public String describe() {
    String when = MINUTES.format(time);
    return build.map(b -> "#" + b.number() + " ").orElse("") + when + " " + shortCommit();
  }

  /** True when a run with {@code other}'s identity ran the same target and profile. */
  public boolean comparableWith(RunIdentity other) {
    return target.equals(other.target) && profile.equals(other.profile);
  }

  /** As {@link #comparableWith(RunIdentity)}, and from the same selection of scenario classes. */
  public boolean comparableWith(RunIdentity other, boolean anySelection) {
    return comparableWith(other) && (anySelection || selection.equals(other.selection));
  }

  /** True when a run with {@code other}'s identity offered the same load shape. */
  public boolean sameShape(RunIdentity other) {
    return shape.equals(other.shape);
  }

  /** The shape as a verdict names it: its description, or that it was not recorded. */
  public String shapeName() {
    return shape.isEmpty() ? "load shape not recorded" : shape;
  }

  private static Optional<String> gitHead() {
    try {
      Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true)
          .start();
      git.getOutputStream().close();
      if (!git.waitFor(GIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        git.destroyForcibly();
        return Optional.empty();
      }
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return git.exitValue() == 0 && out.matches("[0-9a-f]{7,64}") ? Optional.of(out)
          : Optional.empty();
    } catch (IOException e) {
      // No git on this machine: the record says "unknown".
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
