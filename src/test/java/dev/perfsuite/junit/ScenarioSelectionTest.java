package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.history.RunIdentity;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The selection recorded with each run: one scenario class alone, or the catalogue. */
class ScenarioSelectionTest {

  @Test
  void shouldNameTheClassWhenOneScenarioClassIsSelected() {
    assertThat(ScenarioSelection.selection(Set.of(
        "dev.perfsuite.scenarios.sunbird.content.ChannelReadIT")))
        .isEqualTo("class:ChannelReadIT");
  }

  @Test
  void shouldCallSeveralClassesTheCatalogue() {
    assertThat(ScenarioSelection.selection(Set.of("a.ChannelReadIT", "a.ContentReadIT")))
        .isEqualTo(RunIdentity.CATALOGUE);
    assertThat(ScenarioSelection.selection(Set.of())).as("no scenario class (unit tests)")
        .isEqualTo(RunIdentity.CATALOGUE);
  }
}
