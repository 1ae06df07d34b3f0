package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Secrets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Cost of masking as secrets accumulate: registrations per second and nanoseconds per masked JTL
 * row with 10, 1,000 and 100,000 per-user tokens held, as {@code perf.secrets.variables} registers
 * them. Prints figures only; it asserts no time.
 */
final class SecretMaskingBench {
  private static final int[] HELD = {10, 1_000, 100_000};
  private static final int MASK_OPS = 50_000;
  /** Every HS256 JWT starts with this header: tokens share their head. */
  private static final String JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.";
  private static final String ROW = "1700000000000,12,GET /api/users/42,200,OK,users 1-7,text,"
      + "true,,1234,321,7,7,http://127.0.0.1:8080/api/users/42?page=3&size=20,11,0,2";

  @Test
  void shouldPrintRegistrationsPerSecondAndMaskCostAsSecretsAccumulate() {
    BenchSettings settings = BenchSettings.load();
    Random random = new Random(42);
    List<String> tokens = new ArrayList<>();
    StringBuilder table = new StringBuilder("""
        Per-user tokens (HS256 JWTs sharing their header) registered as a plan extracts them
        (`Secrets.registerExtracted`), then `Secrets.mask` on a 150-character JTL row: without a
        secret, and holding the latest token. One JVM, one thread; ns/row is the median of 5
        rounds of %d calls.

        | secrets held | new registrations/s | again, ns | mask ns/row: none | one token |
        |---:|---:|---:|---:|---:|
        """.formatted(MASK_OPS));
    for (int held : HELD) {
      List<String> fresh = new ArrayList<>();
      while (tokens.size() + fresh.size() < held) {
        byte[] signature = new byte[32];
        random.nextBytes(signature);
        fresh.add(JWT_HEAD + Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
      }
      long start = System.nanoTime();
      fresh.forEach(Secrets::registerExtracted);
      double perSecond = fresh.size() / ((System.nanoTime() - start) / 1e9);
      tokens.addAll(fresh);
      String latest = tokens.get(tokens.size() - 1);
      long again = median(() -> Secrets.registerExtracted(latest));
      String plain = ROW;
      String holding = ROW + ",Bearer " + latest;
      long none = median(() -> Secrets.mask(plain));
      long one = median(() -> Secrets.mask(holding));
      assertThat(Secrets.mask(holding)).as("the latest token masked").doesNotContain(latest);
      String line = String.format(Locale.ROOT, "| %,d | %,.0f | %d | %d | %d |", held, perSecond,
          again, none, one);
      System.out.println(line);
      table.append(line).append('\n');
    }
    BenchReport.section(settings, "65-secret-masking", "Masking cost as secrets accumulate",
        table.toString());
  }

  /** Median over 5 rounds of {@link #MASK_OPS} calls, in ns per call, after a warm-up round. */
  private static long median(Runnable call) {
    long[] rounds = new long[6];
    for (int r = 0; r < rounds.length; r++) {
      long start = System.nanoTime();
      for (int i = 0; i < MASK_OPS; i++) {
        call.run();
      }
      rounds[r] = (System.nanoTime() - start) / MASK_OPS;
    }
    long[] measured = Arrays.copyOfRange(rounds, 1, rounds.length);
    Arrays.sort(measured);
    return measured[measured.length / 2];
  }
}
