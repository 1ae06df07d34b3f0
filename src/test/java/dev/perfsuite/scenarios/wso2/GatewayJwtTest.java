package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class GatewayJwtTest {

  @Test
  void shouldSignRs256TokenThatVerifiesWithThePublicKey() throws Exception {
    GatewayJwt jwt = GatewayJwt.generate();
    String token = jwt.token(Instant.ofEpochSecond(1_700_000_000L));
    String[] parts = token.split("\\.");
    assertThat(parts).as("header.claims.signature").hasSize(3);

    Signature rsa = Signature.getInstance("SHA256withRSA");
    rsa.initVerify(jwt.keys().getPublic());
    rsa.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
    assertThat(rsa.verify(Base64.getUrlDecoder().decode(parts[2]))).as("signature verifies")
        .isTrue();
  }

  @Test
  void shouldCarryTheClaimsOfWso2JwtGenerator() {
    String token = GatewayJwt.generate().token(Instant.ofEpochSecond(1_700_000_000L));
    String[] parts = token.split("\\.");
    String header = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
    String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
    assertThat(header).as("header").contains("\"alg\":\"RS256\"", "\"typ\":\"at+jwt\"",
        "\"x5t\":", "_RS256\"");
    assertThat(claims).as("claims").contains("\"sub\":\"admin@carbon.super\"",
        "\"scope\":\"am_application_scope default\"",
        "\"iss\":\"https://localhost:9443/oauth2/token\"", "\"keytype\":\"PRODUCTION\"",
        "\"iat\":1700000000", "\"nbf\":1700000000", "\"exp\":" + (1_700_000_000L + 365L * 86400),
        "\"jti\":", "\"azp\":", "\"client_id\":", "\"aud\":");
  }

  @Test
  void shouldRegisterTokensSoResultFilesMaskThem() {
    String token = GatewayJwt.generate().token(Instant.now());
    assertThat(Secrets.mask("Authorization: Bearer " + token)).as("masked")
        .isEqualTo("Authorization: Bearer ****");
  }
}
