package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Registering a secret costs that secret's spellings only, and the values a plan extracts are
 * bounded without dropping one still in use.
 */
class SecretRegistrationTest {
  @Test
  void shouldBuildTheSpellingsOfTheNewValueOnlyWhenOneMoreIsRegistered() {
    long before = Secrets.formsBuilt();
    for (int i = 0; i < 2_000; i++) {
      Secrets.registerExtracted("per-user-token-" + i + "-registration");
    }
    for (int i = 0; i < 2_000; i++) {
      Secrets.registerExtracted("per-user-token-" + i + "-registration");
    }

    assertThat(Secrets.formsBuilt() - before).as("spelling sets built for 2,000 new values, "
        + "each registered twice (a rebuild of all on each would build about 2 million)")
        .isEqualTo(2_000);
    assertThat(Secrets.mask("Bearer per-user-token-1999-registration"))
        .as("the last one registered").isEqualTo("Bearer ****");
  }

  @Test
  void shouldKeepAValueStillInUseMaskedWhenExtractedValuesPassTheBound() {
    String inUse = "still-in-use-token-bound";
    String gone = "used-once-token-bound";
    String generated = "generated-for-the-run-bound";
    int bound = Secrets.held() + 2_000;
    Secrets.boundExtracted(bound);
    try {
      Secrets.registerGenerated(generated);
      Secrets.registerExtracted(gone);
      Secrets.registerExtracted(inUse);
      for (int i = 0; i < bound + 100; i++) {
        Secrets.registerExtracted("bound-user-" + i);
        if (i % 100 == 0) {
          // Each sample of the thread holding it registers it again.
          Secrets.registerExtracted(inUse);
        }
      }
    } finally {
      Secrets.boundExtracted(Secrets.MAX_EXTRACTED);
    }

    assertThat(Secrets.held()).as("values held").isLessThanOrEqualTo(bound + 100);
    assertThat(Secrets.mask("token=" + inUse)).as("a value registered again while in use")
        .isEqualTo("token=****");
    assertThat(Secrets.mask("token=" + generated)).as("a value generated for the run")
        .isEqualTo("token=****");
    assertThat(Secrets.mask("token=" + gone)).as("a value not registered since more newer ones "
        + "than the bound").isEqualTo("token=" + gone);
  }
}
