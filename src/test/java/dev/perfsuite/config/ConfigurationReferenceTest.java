package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The committed configuration reference is what the key declarations generate, so a key added to
 * {@link ConfigKey} (or to a system's {@link ConfigKeys}) without regenerating the page fails here.
 */
class ConfigurationReferenceTest {
  /** Not a {@code perf.*} key: an unknown one of those would fail every run in this JVM. */
  static final String REGENERATE = "docs.regenerate";
  static final String COMMAND = "mvn -B -q test -Dtest=ConfigurationReferenceTest -D"
      + REGENERATE + "=true -Dsurefire.failIfNoSpecifiedTests=false";
  private static final Path PAGE = Path.of(ConfigReference.PAGE);

  @Test
  void shouldMatchThePageGeneratedFromTheKeyDeclarations() throws IOException {
    String generated = ConfigReference.markdown();
    if (Boolean.getBoolean(REGENERATE)) {
      Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
      System.out.println("Regenerated " + PAGE + ": review and commit it.");
    }
    assertThat(PAGE).as("%s (regenerate: %s)", PAGE, COMMAND).isRegularFile();
    assertThat(Files.readString(PAGE, StandardCharsets.UTF_8))
        .as("%s is generated from ConfigKey and the systems' ConfigKeys and differs from what "
            + "they generate now. Regenerate it with%n  %s%nthen commit it.", PAGE, COMMAND)
        .isEqualTo(generated);
  }

  @Test
  void shouldListEveryBuiltInAndDeclaredKeyWithItsEnvironmentName() {
    String page = ConfigReference.markdown();

    for (ConfigKey key : ConfigKey.values()) {
      assertThat(page).as("row of " + key.key())
          .contains("| `" + key.key() + "` | `" + ConfigKey.envName(key.key()) + "` |");
    }
    assertThat(page).as("system keys declared on the test class path")
        .contains("| `perf.wso2.users` |", "| `perf.mosip.otp.db-latency` |");
  }

  @Test
  void shouldEscapeCellTextThatWouldBreakTheTable() {
    ConfigKeys shop = () -> List.of(SystemKey.of("perf.shop.mode", "a", "a|b",
        "Uses <plan>.sla.properties", v -> v));

    String page = ConfigReference.markdown(List.of(shop));

    assertThat(page).as("pipe and angle brackets escaped")
        .contains("| a\\|b | Uses &lt;plan&gt;.sla.properties |");
  }

  @Test
  void shouldRefuseAKeyDeclaredTwice() {
    ConfigKeys twice = () -> List.of(SystemKey.positiveInt("perf.profile", 1, "clash"));

    assertThatThrownBy(() -> ConfigReference.markdown(List.of(twice)))
        .as("a system key named like a built-in one")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.profile");
  }
}
