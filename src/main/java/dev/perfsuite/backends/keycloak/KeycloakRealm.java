package dev.perfsuite.backends.keycloak;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The test realm as Keycloak imports it. It holds the clients the scenarios declared
 * ({@link RealmDescription}), N users sharing one generated password, and a cheap password hash so
 * that logins measure Keycloak rather than PBKDF2.
 *
 * <p>Rendered as Keycloak's {@code RealmRepresentation} JSON. Per client role:
 * <ul>
 *   <li>browser login: public, authorization code, redirect URI {@code <browserBase><path>},
 *       web origins {@code +};
 *   <li>client credentials: confidential with the generated secret, service account on;
 *   <li>password grant: public, direct access grants on.
 * </ul>
 * Each client gets an audience mapper per declared audience.
 *
 * @param description the realm's name and clients, as the scenarios declared them
 * @param hashIterations PBKDF2-SHA256 iterations of the password policy
 * @param browserBase base URI of the (stub) site that receives the browser-login callback
 * @param users number of users {@code user0001}..
 * @param confidentialSecret the secret of the client-credentials client
 * @param userPassword the password every user has
 */
record KeycloakRealm(RealmDescription description, int hashIterations, URI browserBase, int users,
    Secret confidentialSecret, Secret userPassword) {
  static final String CSV_HEADER = "username,email,firstName,lastName";
  private static final String EMAIL_DOMAIN = "perf.example";

  KeycloakRealm {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(browserBase, "browserBase");
    Objects.requireNonNull(confidentialSecret, "confidentialSecret");
    Objects.requireNonNull(userPassword, "userPassword");
    if (hashIterations < 1 || users < 1) {
      throw new IllegalArgumentException("hashIterations and users must be positive: "
          + hashIterations + ", " + users);
    }
  }

  /** The realm for these settings, with a client secret and a user password generated now. */
  static KeycloakRealm generate(RealmDescription description, BackendSettings settings,
      URI browserBase) {
    String confidential = description.clientId(RealmClient.Role.CLIENT_CREDENTIALS)
        .orElse("confidential");
    return new KeycloakRealm(description, settings.hashIterations(), browserBase,
        settings.keycloakUsers(),
        GeneratedSecret.named("generated:keycloak." + confidential + ".secret"),
        GeneratedSecret.named("generated:keycloak.users.password"));
  }

  /** The realm name. */
  String name() {
    return description.name();
  }

  /** The policy string, e.g. {@code hashAlgorithm(pbkdf2-sha256) and hashIterations(20000)}. */
  String passwordPolicy() {
    return "hashAlgorithm(pbkdf2-sha256) and hashIterations(" + hashIterations + ")";
  }

  /** The browser site's base without a trailing slash, e.g. {@code http://127.0.0.1:41234}. */
  String browserBaseWithoutSlash() {
    String base = browserBase.toString();
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  /** The username of user {@code i} (1-based): {@code user0001}, {@code user0002}, ... */
  static String username(int i) {
    return String.format("user%04d", i);
  }

  /** The realm with its clients and without users (they follow in batches). */
  ObjectNode representation(ObjectMapper json) {
    ObjectNode realm = json.createObjectNode()
        .put("realm", description.name())
        .put("enabled", true)
        .put("sslRequired", "none")
        .put("registrationAllowed", false)
        .put("loginWithEmailAllowed", true)
        .put("duplicateEmailsAllowed", false)
        .put("bruteForceProtected", false)
        .put("passwordPolicy", passwordPolicy());
    ArrayNode clients = realm.putArray("clients");
    for (RealmClient declared : description.clients()) {
      ObjectNode client = client(json, declared.clientId(), declared.displayName());
      switch (declared.role()) {
        case BROWSER_LOGIN -> {
          client.put("publicClient", true)
              .put("standardFlowEnabled", true)
              .put("directAccessGrantsEnabled", false)
              .put("serviceAccountsEnabled", false);
          client.putArray("redirectUris").add(browserBaseWithoutSlash() + declared.redirectPath());
          client.putArray("webOrigins").add("+");
        }
        case CLIENT_CREDENTIALS -> client.put("publicClient", false)
            .put("clientAuthenticatorType", "client-secret")
            .put("secret", confidentialSecret.reveal())
            .put("serviceAccountsEnabled", true)
            .put("standardFlowEnabled", false)
            .put("directAccessGrantsEnabled", false);
        case PASSWORD_GRANT -> client.put("publicClient", true)
            .put("standardFlowEnabled", false)
            .put("directAccessGrantsEnabled", true)
            .put("serviceAccountsEnabled", false);
        default -> throw new IllegalStateException(declared.role().name());
      }
      if (!declared.audiences().isEmpty()) {
        ArrayNode mappers = client.putArray("protocolMappers");
        declared.audiences().forEach(a -> mappers.add(audienceMapper(json, a)));
      }
      clients.add(client);
    }
    return realm;
  }

  /**
   * Users {@code from}..{@code to} (1-based, inclusive) with the profile fields Keycloak's
   * default user profile requires, so no required action interrupts a login.
   */
  ArrayNode users(ObjectMapper json, int from, int to) {
    ArrayNode array = json.createArrayNode();
    for (int i = from; i <= to; i++) {
      ObjectNode user = array.addObject()
          .put("username", username(i))
          .put("enabled", true)
          .put("email", email(i))
          .put("emailVerified", true)
          .put("firstName", firstName(i))
          .put("lastName", lastName(i));
      user.putArray("credentials").addObject()
          .put("type", "password")
          .put("value", userPassword.reveal())
          .put("temporary", false);
      user.putArray("requiredActions");
    }
    return array;
  }

  /** Writes {@code username,email,firstName,lastName} for every user; never a password. */
  void writeUsersCsv(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        out.write(CSV_HEADER);
        out.write('\n');
        for (int i = 1; i <= users; i++) {
          out.write(username(i) + "," + email(i) + "," + firstName(i) + "," + lastName(i) + "\n");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the Keycloak users CSV " + file, e);
    }
  }

  private static String email(int i) {
    return username(i) + "@" + EMAIL_DOMAIN;
  }

  private static String firstName(int i) {
    return "Perf";
  }

  private static String lastName(int i) {
    return "User" + username(i).substring("user".length());
  }

  private static ObjectNode client(ObjectMapper json, String clientId, String displayName) {
    return json.createObjectNode()
        .put("clientId", clientId)
        .put("name", displayName)
        .put("enabled", true)
        .put("protocol", "openid-connect")
        .put("implicitFlowEnabled", false)
        .put("frontchannelLogout", false);
  }

  /** An {@code oidc-audience-mapper} adding {@code audience} to access tokens. */
  private static ObjectNode audienceMapper(ObjectMapper json, String audience) {
    ObjectNode mapper = json.createObjectNode()
        .put("name", "audience " + audience)
        .put("protocol", "openid-connect")
        .put("protocolMapper", "oidc-audience-mapper")
        .put("consentRequired", false);
    mapper.putObject("config")
        .put("included.client.audience", audience)
        .put("id.token.claim", "false")
        .put("access.token.claim", "true")
        .put("introspection.token.claim", "true");
    return mapper;
  }
}
