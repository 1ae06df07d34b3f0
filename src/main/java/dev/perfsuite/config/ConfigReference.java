package dev.perfsuite.config;

import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

/**
 * The configuration reference page, {@code docs/reference/configuration.md}, written from the key
 * declarations the help prints: every {@link ConfigKey}, then the {@link SystemKey}s each
 * {@link ConfigKeys} on the class path declares.
 *
 * <p>Generated, never edited by hand: {@code ConfigurationReferenceTest} fails when the committed
 * page differs and names the one command that rewrites it.
 */
final class ConfigReference {
  /** Where the page lives, relative to the project directory. */
  static final String PAGE = "docs/reference/configuration.md";

  private ConfigReference() {
  }

  /** The page for the declarations on the suite's class path (as the key help finds them). */
  static String markdown() {
    return markdown(StreamSupport.stream(ServiceLoader.load(ConfigKeys.class,
        ConfigKeys.class.getClassLoader()).spliterator(), false).toList());
  }

  /**
   * The page for these system declarations.
   *
   * @throws ConfigException when a key is declared twice or clashes with a built-in key
   */
  static String markdown(List<? extends ConfigKeys> declarations) {
    DeclaredKeys.of(declarations);
    StringBuilder page = new StringBuilder();
    page.append("""
        # Configuration reference

        <!-- Generated from ConfigKey.java and the systems' ConfigKeys: do not edit by hand.
             Regenerate (ConfigurationReferenceTest):
             mvn -B -q test -Dtest=ConfigurationReferenceTest -Ddocs.regenerate=true
                 -Dsurefire.failIfNoSpecifiedTests=false -->

        You want to look up a key: its environment variable, its default, what it accepts and
        what it does.

        Every key is read in this order: system property (`-Dperf.profile=load`), environment
        variable (`PERF_PROFILE=load`: upper case, dots and dashes become underscores),
        `perf.properties` on the test class path, then the default. Every value is checked before
        any load starts: an unknown `perf.*` key or a bad value fails naming the key, the value,
        where it came from and what is accepted (unknown `PERF_*` variables only warn).
        Durations: `250ms`, `30s`, `5m`, `1h30m`, `2d` or ISO-8601 `PT30S` (a bare number is
        rejected). A default of "—" means unset: the load profile decides (users, ramp-up, hold,
        warm-up, think time) or the feature is off. Secrets never come from keys: see
        [Secrets](#secrets).

        ## Suite keys (`ConfigKey`)

        """);
    table(page, List.of(ConfigKey.values()));
    page.append("""

        Key family: `%s<NAME>` gives `${__P(NAME)}` values to JMX plans (system property or
        `perf.properties` only: the environment loses the name's case).

        """.formatted(ConfigKey.JMX_PROPS_PREFIX));
    for (ConfigKeys declaration : declarations) {
      page.append("## Keys declared by `").append(declaration.getClass().getName())
          .append("`\n\n");
      table(page, declaration.keys());
      page.append('\n');
    }
    page.append("""
        ## Secrets

        Tokens, passwords and client secrets are never read from `-D` or `perf.properties`: only
        from environment variables ending in `_PASSWORD`, `_SECRET`, `_SECRET_KEY`, `_TOKEN`,
        `_API_KEY` or `_CLIENT_SECRET` (for example `PERF_RMI_KEYSTORE_PASSWORD`,
        `PERF_KEYCLOAK_CLIENT_SECRET`), or from a file named by the same variable plus `_FILE`,
        which must lie outside the repository. A `Secret` prints as `****`, and every secret
        is masked in every output ([results.md](../results.md#secrets-in-outputs)).

        ## Traps

        - **A session reads its keys once, when it starts.** A key set between two runs of one
          session is not seen; set it before the first test, or on the command line.
        - **A bare number is not a duration.** `perf.hold=30` fails; write `30s`.
        - **The environment loses case.** `${__P(NAME)}` values for JMX plans come from `-D` or
          `perf.properties` only.
        - **A misspelt `PERF_*` variable only warns**, where a misspelt `-Dperf.*` key fails: read
          the warnings of a run configured from the environment.
        """);
    return page.toString();
  }

  private static void table(StringBuilder page, List<? extends KeyDescription> keys) {
    page.append("| key | environment | default | accepted | what it does |\n");
    page.append("|---|---|---|---|---|\n");
    for (KeyDescription k : keys) {
      page.append("| `").append(k.key()).append("` | `").append(ConfigKey.envName(k.key()))
          .append("` | ").append(k.defaultValue().map(d -> "`" + d + "`").orElse("—"))
          .append(" | ").append(cell(k.accepted())).append(" | ").append(cell(k.description()))
          .append(" |\n");
    }
  }

  /** Table cell text: pipes would end the cell, angle brackets would read as HTML. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
  }
}
