package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secrets come from the environment or a file outside the project, and never show up in text. */
class SecretsTest {

  @TempDir
  Path temp;

  private Path project;
  private Path outside;

  @BeforeEach
  void createFakeProjectAndOutsideDirectories() throws IOException {
    project = Files.createDirectories(temp.resolve("project"));
    outside = Files.createDirectories(temp.resolve("outside"));
  }

  private Secrets secrets(Map<String, String> environment) {
    return new Secrets(environment, project);
  }

  @Test
  void shouldReadSecretFromEnvironmentVariable() {
    Secret secret = secrets(Map.of("PERF_ADMIN_PASSWORD", "env-value-1")).required(
        "PERF_ADMIN_PASSWORD");

    assertThat(secret.name()).isEqualTo("PERF_ADMIN_PASSWORD");
    assertThat(secret.reveal()).isEqualTo("env-value-1");
  }

  @Test
  void shouldPreferVariableOverFile() throws IOException {
    Path file = Files.writeString(outside.resolve("token"), "from-file-2");

    Secret secret = secrets(Map.of("PERF_API_TOKEN", "from-env-2",
        "PERF_API_TOKEN_FILE", file.toString())).required("PERF_API_TOKEN");

    assertThat(secret.reveal()).isEqualTo("from-env-2");
  }

  @Test
  void shouldReadSecretFromFileOutsideProjectWithoutTrailingNewline() throws IOException {
    Path file = Files.writeString(outside.resolve("password"), "file-value-3\n");

    Secret secret = secrets(Map.of("PERF_DB_PASSWORD_FILE", file.toString()))
        .required("PERF_DB_PASSWORD");

    assertThat(secret.reveal()).isEqualTo("file-value-3");
  }

  @Test
  void shouldRejectSecretFileInsideProjectDirectory() throws IOException {
    Path file = Files.writeString(project.resolve("password.txt"), "committed-4");

    assertThatThrownBy(() -> secrets(Map.of("PERF_DB_PASSWORD_FILE", file.toString()))
        .required("PERF_DB_PASSWORD"))
        .isInstanceOf(ConfigException.class)
        .as("a file in the work tree could be committed")
        .hasMessageContaining("PERF_DB_PASSWORD_FILE")
        .hasMessageContaining("inside the repository")
        .hasMessageContaining("Fix")
        .hasMessageNotContaining("committed-4");
  }

  @Test
  void shouldRejectSecretFileReachingProjectThroughDotDot() throws IOException {
    Files.writeString(project.resolve("password.txt"), "committed-5");
    String sneaky = outside.resolve("../project/password.txt").toString();

    assertThatThrownBy(() -> secrets(Map.of("PERF_DB_PASSWORD_FILE", sneaky))
        .required("PERF_DB_PASSWORD"))
        .as("path normalised before the check")
        .hasMessageContaining("inside the repository");
  }

  @Test
  void shouldRejectSecretFileLinkedIntoProjectDirectory() throws IOException {
    Path target = Files.writeString(project.resolve("password.txt"), "committed-6");
    Path link = Files.createSymbolicLink(outside.resolve("password-link"), target);

    assertThatThrownBy(() -> secrets(Map.of("PERF_DB_PASSWORD_FILE", link.toString()))
        .required("PERF_DB_PASSWORD"))
        .as("a link outside the project to a file inside it")
        .hasMessageContaining("inside the repository");
  }

  @Test
  void shouldExplainHowToSetMissingSecret() {
    assertThatThrownBy(() -> secrets(Map.of()).required("PERF_ADMIN_PASSWORD"))
        .isInstanceOf(ConfigException.class)
        .as("missing secret names both variables")
        .hasMessageContaining("export PERF_ADMIN_PASSWORD=")
        .hasMessageContaining("PERF_ADMIN_PASSWORD_FILE=");
    assertThat(secrets(Map.of("PERF_ADMIN_PASSWORD", "")).optional("PERF_ADMIN_PASSWORD"))
        .isEmpty();
  }

  @Test
  void shouldRefuseNamesThatAreNotSecretNames() {
    assertThatThrownBy(() -> secrets(Map.of("PERF_THREADS", "5")).optional("PERF_THREADS"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("not a secret name");
  }

  @Test
  void shouldRecogniseSecretNamesWithAndWithoutFileSuffix() {
    assertThat(Secrets.isSecretName("PERF_ADMIN_PASSWORD")).isTrue();
    assertThat(Secrets.isSecretName("PERF_ADMIN_PASSWORD_FILE")).isTrue();
    assertThat(Secrets.isSecretName("PERF_KEYCLOAK_CLIENT_SECRET")).isTrue();
    assertThat(Secrets.isSecretName("PERF_GITHUB_API_KEY")).isTrue();
    assertThat(Secrets.isSecretName("PERF_THREADS")).isFalse();
    assertThat(Secrets.isSecretName("PERF_TOKEN_COUNT")).isFalse();
  }

  @Test
  void shouldNeverShowValueInToString() {
    Secret secret = new Secret("PERF_ADMIN_PASSWORD", "hunter2-7");

    assertThat(secret.toString()).as("toString masks the value")
        .doesNotContain("hunter2-7")
        .contains("PERF_ADMIN_PASSWORD", "****");
    assertThat(String.valueOf(List.of(secret))).as("nor inside a collection")
        .doesNotContain("hunter2-7");
  }

  @Test
  void shouldMaskEverySecretReadInFreeText() {
    secrets(Map.of("PERF_ADMIN_PASSWORD", "masked-value-8")).required("PERF_ADMIN_PASSWORD");

    assertThat(Secrets.mask("login admin:masked-value-8 failed"))
        .as("secret read from the environment is masked")
        .isEqualTo("login admin:**** failed");
    assertThat(Secrets.mask("nothing secret here")).isEqualTo("nothing secret here");
    assertThat(Secrets.mask(null)).isNull();
  }

  @Test
  void shouldMaskRegisteredGeneratedValues() {
    Secrets.registerGenerated("eyJ.generated-9");
    Secrets.registerGenerated("abc");

    assertThat(Secrets.mask("Authorization: Bearer eyJ.generated-9"))
        .isEqualTo("Authorization: Bearer ****");
    assertThat(Secrets.mask("abc")).as("values under 4 characters are not masked")
        .isEqualTo("abc");
  }

  @Test
  void shouldMaskLongerSecretWhollyWhenItContainsAShorterOne() {
    Secrets.registerGenerated("prefix-10");
    Secrets.registerGenerated("prefix-10-and-more");

    assertThat(Secrets.mask("token=prefix-10-and-more"))
        .as("no tail of the longer secret left visible")
        .isEqualTo("token=****");
  }

  @Test
  void shouldMaskEveryEncodedSpellingOfASecretHoldingCsvJsonHtmlAndUrlSpecials() {
    String secret = "p\"q,r&s+t/u=v%w x<y>'11";
    Secrets.registerGenerated(secret);
    String basic = Base64.getEncoder().encodeToString(("admin:" + secret)
        .getBytes(StandardCharsets.UTF_8));
    Map<String, String> spellings = new LinkedHashMap<>();
    spellings.put("raw", secret);
    spellings.put("URL-encoded, space as +", URLEncoder.encode(secret, StandardCharsets.UTF_8));
    spellings.put("URL-encoded, space as %20",
        URLEncoder.encode(secret, StandardCharsets.UTF_8).replace("+", "%20"));
    spellings.put("URL-encoded, lower-case hex",
        URLEncoder.encode(secret, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
    spellings.put("Base64", Base64.getEncoder().encodeToString(
        secret.getBytes(StandardCharsets.UTF_8)));
    spellings.put("Base64, URL-safe", Base64.getUrlEncoder().withoutPadding().encodeToString(
        secret.getBytes(StandardCharsets.UTF_8)));
    spellings.put("Basic base64(id:secret)", basic);
    spellings.put("JSON-escaped", secret.replace("\"", "\\\""));
    spellings.put("JSON-escaped, HTML-safe (Gson)", secret.replace("\"", "\\\"")
        .replace("&", "\\u0026").replace("=", "\\u003d").replace("<", "\\u003c")
        .replace(">", "\\u003e").replace("'", "\\u0027"));
    spellings.put("CSV-escaped", secret.replace("\"", "\"\""));
    spellings.put("HTML-escaped", secret.replace("&", "&amp;").replace("\"", "&quot;")
        .replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;"));

    spellings.forEach((form, spelled) -> assertThat(Secrets.mask("before " + spelled + " after"))
        .as("the secret %s (%s) masked", form, spelled).isEqualTo("before **** after"));
    assertThat(Secrets.mask("Authorization: Basic " + basic))
        .as("a Basic header holding the secret").isEqualTo("Authorization: Basic ****");
    assertThat(Secrets.mask("Authorization: Basic " + Base64.getEncoder().encodeToString(
        "admin:other-password".getBytes(StandardCharsets.UTF_8))))
        .as("a Basic header holding no secret stays").contains("YWRtaW46b3RoZXItcGFzc3dvcmQ=");
  }
}
