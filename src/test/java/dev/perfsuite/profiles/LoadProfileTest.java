package dev.perfsuite.profiles;

import static dev.perfsuite.profiles.Profiles.stage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Validation and the immutable with* overrides of a load shape. */
class LoadProfileTest {

  private static final Duration TEN_S = Duration.ofSeconds(10);

  private static List<Double> levels(LoadProfile profile) {
    return profile.stages().stream().map(Stage::level).toList();
  }

  @Test
  void shouldRejectProfileWithoutStages() {
    assertThatThrownBy(() -> new LoadProfile("empty", LoadModel.CLOSED, List.of(),
        OptionalInt.empty(), Duration.ZERO, Duration.ZERO, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one stage");
  }

  @Test
  void shouldRejectIterationsInOpenModel() {
    assertThatThrownBy(() -> new LoadProfile("open", LoadModel.OPEN,
        List.of(stage(10, TEN_S, TEN_S)), OptionalInt.of(5), Duration.ZERO, Duration.ZERO, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("closed model only");
  }

  @Test
  void shouldRejectNegativeThinkTimeOrWarmUp() {
    LoadProfile profile = Profiles.smoke();

    assertThatThrownBy(() -> profile.withThinkTime(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> profile.withWarmUp(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldRejectNegativeStageLevelOrDurations() {
    assertThatThrownBy(() -> stage(-1, TEN_S, TEN_S)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> stage(1, Duration.ofSeconds(-1), TEN_S))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> stage(1, TEN_S, Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldRejectWarmUpNotShorterThanPlannedDuration() {
    LoadProfile profile = Profiles.closed("p", Duration.ZERO, stage(5, TEN_S, TEN_S));

    assertThatThrownBy(() -> profile.withWarmUp(Duration.ofSeconds(20)))
        .as("warm-up equal to the planned duration leaves nothing to measure")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("warm-up 20s")
        .hasMessageContaining("20s of profile 'p'");
    assertThat(profile.withWarmUp(Duration.ofSeconds(19)).warmUp())
        .isEqualTo(Duration.ofSeconds(19));
  }

  @Test
  void shouldAllowAnyWarmUpWhenBoundByIterations() {
    LoadProfile profile = Profiles.closed("p", Duration.ZERO, stage(5, Duration.ZERO, TEN_S))
        .withIterations(3);

    assertThat(profile.withWarmUp(Duration.ofMinutes(1)).warmUp())
        .isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void shouldRejectNonPositiveOpenModelThreadCap() {
    assertThatThrownBy(() -> Profiles.open("rate", Duration.ZERO, 0, stage(10, TEN_S, TEN_S)))
        .as("an open model without a thread cap would be unbounded")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max threads");
  }

  @Test
  void shouldScaleMultiStageShapeKeepingAtLeastOneUser() {
    LoadProfile spike = Profiles.spike().withUsers(50);

    assertThat(levels(spike)).as("10/500/10 scaled to a peak of 50")
        .containsExactly(1.0, 50.0, 1.0);
    assertThat(spike.peakUsers()).isEqualTo(50);
  }

  @Test
  void shouldScaleSteppedShapeProportionally() {
    assertThat(levels(Profiles.stepped().withUsers(100))).containsExactly(50.0, 100.0);
  }

  @Test
  void shouldRejectNonPositiveOverrides() {
    LoadProfile profile = Profiles.smoke();

    assertThatThrownBy(() -> profile.withUsers(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> profile.withTargetRate(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> profile.withMaxThreads(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> profile.withIterations(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldSwitchToOpenModelKeepingShapeWhenTargetRateSet() {
    LoadProfile open = Profiles.spike().withTargetRate(100);

    assertThat(open.model()).isEqualTo(LoadModel.OPEN);
    assertThat(levels(open)).as("10/500/10 users become 2/100/2 req/s")
        .containsExactly(2.0, 100.0, 2.0);
    assertThat(open.maxThreads()).as("cap is max(peak users, rate)").isEqualTo(500);
    assertThat(open.peakUsers()).isEqualTo(500);
  }

  @Test
  void shouldCapThreadsAtRateWhenRateExceedsUsers() {
    assertThat(Profiles.smoke().withTargetRate(12.5).maxThreads()).isEqualTo(13);
  }

  @Test
  void shouldKeepCapWhenOpenProfileGetsNewRateOrUsers() {
    LoadProfile open = Profiles.open("rate", Duration.ZERO, 7, stage(10, TEN_S, TEN_S));

    assertThat(open.withTargetRate(40).maxThreads()).isEqualTo(7);
    assertThat(open.withUsers(20).maxThreads()).as("users of an open profile set the cap")
        .isEqualTo(20);
    assertThat(levels(open.withUsers(20))).containsExactly(10.0);
  }

  @Test
  void shouldOverrideRampAndHoldOfEveryStage() {
    LoadProfile profile = Profiles.stepped()
        .withWarmUp(Duration.ZERO)
        .withRampUp(Duration.ofSeconds(5))
        .withHold(Duration.ofSeconds(30));

    assertThat(profile.stages()).extracting(Stage::rampUp).containsOnly(Duration.ofSeconds(5));
    assertThat(profile.stages()).extracting(Stage::hold).containsOnly(Duration.ofSeconds(30));
    assertThat(profile.plannedDuration()).isEqualTo(Duration.ofSeconds(70));
  }

  @Test
  void shouldLeaveOriginalUnchanged() {
    LoadProfile original = Profiles.load();

    original.withWarmUp(Duration.ZERO).withUsers(5).withHold(TEN_S).withTargetRate(3);

    assertThat(original).isEqualTo(Profiles.load());
  }

  @Test
  void shouldDescribeShapeInToString() {
    assertThat(Profiles.stepped().toString())
        .contains("stepped (closed: 500 users ramp 4m10s hold 20m, then 1000 users");
    assertThat(Profiles.smoke().withTargetRate(20).toString())
        .contains("20.0 req/s", "max threads 20");
    assertThat(Profiles.smoke().withIterations(3).toString())
        .contains("3 iterations per user").doesNotContain("hold");
  }
}
