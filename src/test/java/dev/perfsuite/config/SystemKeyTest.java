package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keys a system declares through {@link ConfigKeys}: read, validated and listed like ours. */
class SystemKeyTest {
  private static final SystemKey<Integer> CARTS = SystemKey.positiveInt("perf.shop.carts", 3,
      "Carts per shopper.");
  private static final SystemKey<List<Integer>> SIZES = SystemKey.wholeNumbers("perf.shop.sizes",
      null, 1, "comma-separated positive whole numbers", "Basket sizes.");
  private static final DeclaredKeys SHOP = DeclaredKeys.of(List.of(() -> List.of(CARTS, SIZES)));

  private static PerfConfig config(Map<String, String> props, Map<String, String> env,
      DeclaredKeys declared) {
    return PerfConfig.from(new ConfigSource(props, env, Map.of(), declared));
  }

  @Test
  void shouldReadADeclaredKeyFromItsDefaultPropertyOrEnvironmentName() {
    assertThat(config(Map.of(), Map.of(), SHOP).value(CARTS)).contains(3);
    assertThat(config(Map.of(), Map.of(), SHOP).value(SIZES)).as("no default").isEmpty();
    assertThat(config(Map.of("perf.shop.carts", "5"), Map.of("PERF_SHOP_CARTS", "7"), SHOP)
        .value(CARTS)).as("system property wins").contains(5);
    assertThat(config(Map.of(), Map.of("PERF_SHOP_SIZES", "1, 2,4"), SHOP).value(SIZES))
        .contains(List.of(1, 2, 4));
    assertThat(config(Map.of(), Map.of("PERF_SHOP_CARTS", "7"), SHOP).warnings())
        .as("a declared key's variable is no unknown PERF_* variable").isEmpty();
  }

  @Test
  void shouldRejectABadValueOfADeclaredKeyNamingKeyValueAndForm() {
    assertThatThrownBy(() -> config(Map.of("perf.shop.carts", "many"), Map.of(), SHOP))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.shop.carts").hasMessageContaining("'many'")
        .hasMessageContaining("positive whole number");
  }

  @Test
  void shouldRejectAKeyNoSystemDeclaresSuggestingTheClosestDeclaredOne() {
    assertThatThrownBy(() -> config(Map.of("perf.shop.cart", "1"), Map.of(), SHOP))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown key -Dperf.shop.cart")
        .hasMessageContaining("did you mean perf.shop.carts")
        .as("the help lists the declared keys").hasMessageContaining("Carts per shopper.");
    assertThatThrownBy(() -> config(Map.of("perf.shop.carts", "1"), Map.of(),
        DeclaredKeys.of(List.of()))).as("undeclared, the key is unknown")
        .hasMessageContaining("unknown key -Dperf.shop.carts");
  }

  @Test
  void shouldFailWhenAKeyIsReadThatNoSystemDeclared() {
    PerfConfig config = config(Map.of(), Map.of(), DeclaredKeys.of(List.of()));

    assertThatThrownBy(() -> config.value(CARTS)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("perf.shop.carts is not declared");
  }

  @Test
  void shouldRejectADeclarationThatShadowsABuiltInKey() {
    SystemKey<Integer> threads = SystemKey.positiveInt("perf.threads", 1, "Threads.");

    assertThatThrownBy(() -> DeclaredKeys.of(List.of(() -> List.of(threads))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.threads");
  }

  @Test
  void shouldListDeclaredKeysInTheHelp() {
    assertThat(ConfigKey.help(SHOP)).contains("perf.shop.carts", "PERF_SHOP_CARTS",
        "a positive whole number", "Carts per shopper.");
  }
}
