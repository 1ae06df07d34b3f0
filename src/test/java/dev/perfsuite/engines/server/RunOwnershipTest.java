package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RunOwnershipTest {
  private final RunOwnership ownership = new RunOwnership();

  @Test
  void shouldRefuseEveryCallBeforeARunIsClaimed() {
    assertThat(ownership.claimed()).as("an engine that never ran").isFalse();
    assertThatThrownBy(() -> ownership.require("token-a", "runTest"))
        .as("a call on no run").isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("refused runTest").hasMessageContaining("Fix:");
  }

  @Test
  void shouldLetOnlyTheClaimingTokenActOnTheRun() {
    ownership.claim("token-a", () -> false);

    assertThatCode(() -> ownership.require("token-a", "stopTest"))
        .as("the run's own controller").doesNotThrowAnyException();
    assertThatThrownBy(() -> ownership.require("token-b", "stopTest"))
        .as("another controller's stop").isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("refused stopTest").hasMessageContaining("token of the run");
  }

  @Test
  void shouldRefuseAnotherClaimWhileTheRunIsActive() {
    ownership.claim("token-a", () -> false);

    assertThatThrownBy(() -> ownership.claim("token-b", () -> true))
        .as("a second controller while the first run is active")
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("busy");
    assertThatCode(() -> ownership.require("token-a", "stopTest"))
        .as("the first run keeps its engine").doesNotThrowAnyException();
  }

  @Test
  void shouldGiveAnIdleEngineToTheNextRun() {
    ownership.claim("token-a", () -> false);
    ownership.claim("token-b", () -> false);

    assertThatThrownBy(() -> ownership.require("token-a", "reset"))
        .as("the earlier run's token after the next run claimed the engine")
        .isInstanceOf(IllegalStateException.class);
    assertThatCode(() -> ownership.require("token-b", "reset")).as("the next run's token")
        .doesNotThrowAnyException();
  }

  @Test
  void shouldHoldOnlyTheClaimingToken() {
    assertThat(ownership.holds("token-a")).as("before any claim").isFalse();
    ownership.claim("token-a", () -> false);

    assertThat(ownership.holds("token-a")).as("the claiming token").isTrue();
    assertThat(ownership.holds("token-b")).as("another token").isFalse();
    assertThat(ownership.holds(null)).as("no token").isFalse();
  }

  @Test
  void shouldRefuseABlankToken() {
    assertThatThrownBy(() -> ownership.claim(" ", () -> false)).as("a blank token's claim")
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("without a run token");
    assertThatThrownBy(() -> ownership.claim(null, () -> false)).as("no token's claim")
        .isInstanceOf(IllegalStateException.class);
  }
}
