package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The named profiles and their look-up by name. */
class ProfilesTest {

  @Test
  void shouldFindEveryDocumentedNameCaseInsensitively() {
    for (String name : Profiles.names()) {
      assertThat(Profiles.named(name.toUpperCase()).name()).isEqualTo(name);
      assertThat(Profiles.named(" " + name + " ").name()).isEqualTo(name);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"nonsense", "", "smoke-test"})
  void shouldRejectUnknownProfileNamingValidProfiles(String name) {
    assertThatThrownBy(() -> Profiles.named(name))
        .isInstanceOf(IllegalArgumentException.class)
        .as("the message lists every valid name")
        .hasMessageContaining("'" + name + "'")
        .hasMessageContaining("smoke, load, stress, soak, spike, stepped")
        .as("and those the scenarios on the class path declare")
        .hasMessageContaining("sunbird-mix");
  }

  @Test
  void shouldRejectADeclaredProfileThatShadowsABuiltInOne() {
    NamedProfiles shadow = () -> List.of(Profiles.smoke());

    assertThatThrownBy(() -> DeclaredProfiles.of(List.of(shadow)))
        .hasMessageContaining("profile 'smoke' is declared twice");
  }

  @Test
  void shouldGiveEveryNamedProfileAWarmUpShorterThanItsDuration() {
    for (String name : Profiles.names()) {
      LoadProfile profile = Profiles.named(name);

      assertThat(profile.model()).isEqualTo(LoadModel.CLOSED);
      assertThat(profile.warmUp()).as("warm-up of %s", name)
          .isLessThan(profile.plannedDuration());
    }
  }

  @Test
  void shouldMatchReferenceShapes() {
    assertThat(Profiles.load().plannedDuration()).as("WSO2 900 s run")
        .isEqualTo(Duration.ofSeconds(900));
    assertThat(Profiles.load().warmUp()).isEqualTo(Duration.ofSeconds(300));
    assertThat(Profiles.stepped().stages()).extracting(Stage::level)
        .containsExactly(500.0, 1000.0);
    assertThat(Profiles.soak().plannedDuration()).isGreaterThan(Duration.ofHours(9));
    assertThat(Profiles.smoke().peakUsers()).isEqualTo(4);
  }

  @Test
  void shouldReproduceTheSeedsFullScaleRunsWhenSelectedByName() {
    assertThat(Profiles.named("sunbird-mix").plannedDuration()).as("seed 000: 36 min")
        .isEqualTo(Duration.ofMinutes(36));
    assertThat(Profiles.named("sunbird-mix").peakUsers()).as("seed 000: 600 threads")
        .isEqualTo(600);
    assertThat(Profiles.named("wso2-matrix").plannedDuration()).as("seed 003: 900 s")
        .isEqualTo(Duration.ofSeconds(900));
    assertThat(Profiles.named("wso2-matrix").warmUp()).as("seed 003: 300 s warm-up")
        .isEqualTo(Duration.ofSeconds(300));
    assertThat(Profiles.named("mosip-stepped").stages()).as("seed 002: 0 to 500 to 1000")
        .extracting(Stage::level).containsExactly(500.0, 1000.0);
    assertThat(Profiles.named("mosip-stepped").stages().get(0).rampUp())
        .as("seed 002: 2 users per second").isEqualTo(Duration.ofSeconds(250));
    assertThat(Profiles.named("mosip-auth-stepped").stages()).as("seed 004: 1500 to 2300")
        .extracting(Stage::level).containsExactly(1500.0, 1750.0, 2000.0, 2300.0);
    assertThat(Profiles.named("sunbird-soak").plannedDuration()).as("seed 000: 9 h 20 min")
        .isEqualTo(Duration.ofHours(9).plusMinutes(20));
    assertThat(Profiles.named("sunbird-soak").peakUsers()).as("600 threads").isEqualTo(600);
  }

  @Test
  void shouldBuildOpenProfileWithThreadCap() {
    LoadProfile open = Profiles.open("rate", Duration.ZERO, 25,
        Profiles.stage(100, Duration.ofSeconds(5), Duration.ofSeconds(30)));

    assertThat(open.model()).isEqualTo(LoadModel.OPEN);
    assertThat(open.maxThreads()).isEqualTo(25);
    assertThat(open.peakUsers()).isEqualTo(25);
    assertThat(open.peakLevel()).isEqualTo(100.0);
  }
}
