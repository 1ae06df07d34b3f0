package dev.perfsuite.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fetch's cache tells artifact sets apart by their content, not by a 32-bit hash. */
class PluginFetchTest {

  @Test
  void shouldCacheADifferentSetUnderADifferentKeyWhenHashCodesCollide() {
    // "Aa" and "BB" share String.hashCode(): the 32-bit key made these two sets one entry.
    assertThat("g:Aa:1".hashCode()).as("the collision this guards")
        .isEqualTo("g:BB:1".hashCode());
    assertThat(PluginFetch.key(Set.of("g:Aa:1"))).as("the key of another set")
        .isNotEqualTo(PluginFetch.key(Set.of("g:BB:1")));
  }

  @Test
  void shouldKeyASetByTheSha256OfItsSortedCoordinatesWhateverTheirOrder() {
    Set<String> one = new LinkedHashSet<>(List.of("kg.apc:b:1", "kg.apc:a:2"));
    Set<String> other = new LinkedHashSet<>(List.of("kg.apc:a:2", "kg.apc:b:1"));
    assertThat(PluginFetch.key(one)).as("the same set in another order")
        .isEqualTo(PluginFetch.key(other))
        // printf 'kg.apc:a:2\nkg.apc:b:1' | sha256sum
        .as("SHA-256 of the sorted coordinates, one a line, lower-case hex")
        .isEqualTo("d016dcbaf4693338cf5e1b1f0ff32768339e67151020ad914bb0e166ec2a66c2");
  }
}
