package dev.perfsuite.scenarios.wso2;

import dev.perfsuite.config.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * Self-signed RS256 access tokens shaped like WSO2's jwt-generator output (docs/reference/seed-systems.md §B.2),
 * with a key pair generated at run time, so no key material lives in the repository.
 *
 * <p>Unlike WSO2's generator this uses unpadded base64url, as RFC 7515 requires; every token is
 * registered with {@link Secrets} so no result file can contain it.
 */
final class GatewayJwt {
  private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

  private final KeyPair keys;
  private final String consumerKey = UUID.randomUUID().toString().replace("-", "");
  /** Tokens minted so far; user k (1-based) always gets the k-th. */
  private final List<String> perUser = new ArrayList<>();

  private GatewayJwt(KeyPair keys) {
    this.keys = keys;
  }

  /** A signer with a fresh 2048-bit RSA key pair. */
  static GatewayJwt generate() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return new GatewayJwt(generator.generateKeyPair());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA is not available in this JVM", e);
    }
  }

  KeyPair keys() {
    return keys;
  }

  /**
   * One token per user, as WSO2's harness writes one line of tokens.csv per user: the first
   * {@code users} tokens of this signer, minted on first need and then kept, so a user keeps its
   * token from one matrix cell to the next.
   */
  synchronized List<String> tokensFor(int users, Instant now) {
    if (users < 1) {
      throw new IllegalArgumentException("users must be at least 1: " + users);
    }
    while (perUser.size() < users) {
      perUser.add(token(now));
    }
    return List.copyOf(perUser.subList(0, users));
  }

  /** A token valid for a year from {@code now}, registered for masking. */
  String token(Instant now) {
    try {
      String thumbprint = URL.encodeToString(MessageDigest.getInstance("SHA-1")
          .digest(keys.getPublic().getEncoded()));
      String header = "{\"x5t\":\"" + thumbprint + "\",\"kid\":\"" + thumbprint
          + "_RS256\",\"alg\":\"RS256\",\"typ\":\"at+jwt\"}";
      long iat = now.getEpochSecond();
      String claims = "{\"aud\":\"" + consumerKey + "\",\"sub\":\"admin@carbon.super\","
          + "\"scope\":\"am_application_scope default\","
          + "\"iss\":\"https://localhost:9443/oauth2/token\",\"keytype\":\"PRODUCTION\","
          + "\"exp\":" + (iat + Duration.ofDays(365).toSeconds()) + ",\"nbf\":" + iat
          + ",\"iat\":" + iat + ",\"jti\":\"" + UUID.randomUUID() + "\",\"azp\":\""
          + consumerKey + "\",\"client_id\":\"" + consumerKey + "\"}";
      String signingInput = encode(header) + "." + encode(claims);
      Signature rsa = Signature.getInstance("SHA256withRSA");
      rsa.initSign(keys.getPrivate());
      rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
      String token = signingInput + "." + URL.encodeToString(rsa.sign());
      Secrets.registerGenerated(token);
      return token;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot sign a JWT", e);
    }
  }

  private static String encode(String json) {
    return URL.encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }
}
