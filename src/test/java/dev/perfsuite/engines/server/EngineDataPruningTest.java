package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineDataPruningTest {
  private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

  @TempDir
  Path root;

  private Path dataSet(String name, Duration unusedFor) throws Exception {
    Path dir = Files.createDirectories(root.resolve(name));
    Files.writeString(dir.resolve("users.csv"), "id\n1\n");
    Files.setLastModifiedTime(dir, FileTime.from(NOW.minus(unusedFor)));
    return dir;
  }

  @Test
  void shouldDeleteDataSetsAndPartialUploadsUnusedForLongerThanTheAge() throws Exception {
    Path old = dataSet("0123456789abcdef", Duration.ofDays(8));
    Path slice = dataSet("fedcba9876543210-of3", Duration.ofDays(30));
    Path recent = dataSet("00112233445566aa", Duration.ofDays(2));
    Path other = dataSet("not-a-data-set", Duration.ofDays(90));
    Path part = Files.createDirectories(root.resolve(".incoming")).resolve("7-1.part");
    Files.writeString(part, "half");
    Files.setLastModifiedTime(part, FileTime.from(NOW.minus(Duration.ofDays(9))));

    assertThat(EngineDataPruning.prune(root, Duration.ofDays(7), NOW)).as("deleted")
        .containsExactlyInAnyOrder(old, slice, part);
    assertThat(recent).as("used 2 days ago").exists();
    assertThat(other).as("not the engine's: left alone").exists();
    assertThat(old).as("8 days unused").doesNotExist();
  }

  @Test
  void shouldKeepEverythingWhenTheAgeIsZero() throws Exception {
    Path old = dataSet("0123456789abcdef", Duration.ofDays(400));

    assertThat(EngineDataPruning.prune(root, Duration.ZERO, NOW)).as("deleted").isEmpty();
    assertThat(old).exists();
  }

  @Test
  void shouldMarkADataSetUsedWhenTheControllerFindsItHeld() throws Exception {
    Path old = dataSet("0123456789abcdef", Duration.ofDays(30));
    EngineDataStore store = EngineDataStore.local(root);
    String sha = HexFormat.of().formatHex(MessageDigest
        .getInstance("SHA-256").digest(Files.readAllBytes(old.resolve("users.csv"))));

    assertThat(store.holds("0123456789abcdef/users.csv", sha)).as("held").isTrue();
    assertThat(EngineDataPruning.prune(root, Duration.ofDays(7), Instant.now()))
        .as("just used: kept").isEmpty();
  }

  @Test
  void shouldNameTheOptionWhenTheAgeIsNotADayCount() {
    System.setProperty(EngineDataPruning.MAX_AGE_OPTION, "7d");
    try {
      assertThatThrownBy(EngineDataPruning::maxAge).hasMessageContaining(
          EngineDataPruning.MAX_AGE_OPTION).hasMessageContaining("7d");
    } finally {
      System.clearProperty(EngineDataPruning.MAX_AGE_OPTION);
    }
  }
}
