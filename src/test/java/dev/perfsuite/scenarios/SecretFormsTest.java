package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The forms {@link NamedTargetIT} searches for find a secret however an output encoded it. */
class SecretFormsTest {
  private static final String SECRET = "nt-mosip-1a2b3c\"q/+&=\\w";

  @Test
  void shouldFindTheSecretUrlEncodedAndJsonEscaped() {
    Set<String> forms = NamedTargetIT.encodings(SECRET);
    String form = "secretKey=" + URLEncoder.encode(SECRET, StandardCharsets.UTF_8) + "&x=1";
    String json = "{\"secretKey\":\"nt-mosip-1a2b3c\\\"q/+&=\\\\w\"}";
    assertThat(forms).as("URL-encoded form body").anyMatch(form::contains);
    assertThat(forms).as("JSON-escaped").anyMatch(json::contains);
    assertThat(json).as("raw value is not in the JSON text").doesNotContain(SECRET);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a", "ab", "client-id:"})
  void shouldFindTheSecretBase64EncodedAtAnyAlignment(String prefix) {
    Set<String> forms = NamedTargetIT.encodings(SECRET);
    byte[] text = (prefix + SECRET + "!").getBytes(StandardCharsets.UTF_8);
    for (Base64.Encoder encoder : new Base64.Encoder[] {Base64.getEncoder(),
        Base64.getUrlEncoder()}) {
      String encoded = encoder.encodeToString(text);
      assertThat(forms).as("base64 of '%s<secret>!'", prefix).anyMatch(encoded::contains);
    }
  }
}
