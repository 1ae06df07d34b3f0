package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * Test data of the user-management journeys: the realm's users (written by Keycloak's realm at
 * run time) and the static CSVs under {@code src/test/resources/data/sunbird-users/}.
 */
final class UserData {
  /** {@code settingName}: system settings to read (system-settings.jmx's data.csv). */
  static final String SYSTEM_SETTINGS = "data/sunbird-users/system-settings.csv";
  /** {@code slug}: organisations to search (org-search.jmx's data.csv). */
  static final String ORG_SLUGS = "data/sunbird-users/org-slugs.csv";
  /** {@code firstName}: first names of signed-up users (user-create.jmx's data.csv). */
  static final String SIGNUP_FIRST_NAMES = "data/sunbird-users/signup-first-names.csv";
  /** Domain of the e-mail addresses that signup creates, one new address per request. */
  static final String SIGNUP_DOMAIN = "perf.example";

  private static final SecureRandom RANDOM = new SecureRandom();

  private UserData() {
  }

  /**
   * The realm's users with a {@code userId} column added: a name-based UUID of the username, so
   * role read addresses the same id for the same user in every run (user-role-read.jmx read
   * {@code email,userId,token} from a CSV exported from Sunbird; the token column is replaced by
   * real Keycloak tokens where a journey needs one).
   *
   * @param usersCsv {@code username,email,firstName,lastName}
   * @param dataDir the run's data directory, never the repository
   * @return {@code username,email,firstName,lastName,userId} in {@code dataDir}
   */
  static Path withUserIds(Path usersCsv, Path dataDir) {
    Path out = dataDir.resolve("sunbird-users-with-ids.csv");
    try {
      Files.createDirectories(dataDir);
      List<String> lines = Files.readAllLines(usersCsv, StandardCharsets.UTF_8);
      if (lines.isEmpty()) {
        throw new IllegalStateException("users CSV " + usersCsv + " is empty");
      }
      List<String> result = new ArrayList<>(lines.size());
      result.add(lines.get(0).strip() + ",userId");
      for (String line : lines.subList(1, lines.size())) {
        if (!line.isBlank()) {
          String username = line.split(",", 2)[0].strip();
          result.add(line.strip() + "," + userId(username));
        }
      }
      // Written aside and moved, so a concurrent run never reads half a file.
      Path tmp = Files.createTempFile(dataDir, "users", ".csv");
      Files.write(tmp, result, StandardCharsets.UTF_8);
      return Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE).toAbsolutePath();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot derive user ids from " + usersCsv, e);
    }
  }

  /** The stable Sunbird-style user id of a username. */
  static String userId(String username) {
    return UUID.nameUUIDFromBytes(("sunbird-user:" + username).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  /**
   * The password of users created by signup, generated per run and registered for masking
   * (user-create.jmx hard-coded {@code Password@12}); it meets Sunbird's policy of upper and
   * lower case, a digit and a special character.
   */
  static Secret signupPassword() {
    byte[] bytes = new byte[12];
    RANDOM.nextBytes(bytes);
    String value = "Pf@9" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Secrets.registerGenerated(value);
    return new Secret("generated:sunbird.signup.password", value);
  }
}
