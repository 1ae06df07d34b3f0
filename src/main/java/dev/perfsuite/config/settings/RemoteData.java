package dev.perfsuite.config.settings;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a distributed run does with the data files its plan reads ({@code perf.remotes.data}).
 *
 * @param mode ship files whole, deal CSV rows among engines, or leave the plan's paths alone
 * @param partitioned CSV file names (or path suffixes) dealt among engines when {@code mode} is
 *     {@link Mode#PARTITIONED}; empty means every CSV data set
 */
public record RemoteData(Mode mode, List<String> partitioned) {

  /** How data files reach the engines. */
  public enum Mode {
    /** Every file is sent whole to every engine (the default). */
    SHARED,
    /** CSV data sets are dealt row by row among engines, each engine its own slice. */
    PARTITIONED,
    /** Nothing is sent: every engine must hold the files at the paths the plan names. */
    OFF
  }

  public RemoteData {
    Objects.requireNonNull(mode, "mode");
    partitioned = List.copyOf(partitioned);
  }

  /** The default: every file sent whole to every engine. */
  public static RemoteData shared() {
    return new RemoteData(Mode.SHARED, List.of());
  }

  /**
   * Parses {@code shared}, {@code partitioned}, {@code off} or {@code partitioned:a.csv,b.csv}.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static RemoteData parse(String value) {
    String text = value.trim();
    int colon = text.indexOf(':');
    String mode = (colon < 0 ? text : text.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
    if (colon >= 0) {
      List<String> names = Arrays.stream(text.substring(colon + 1).split(","))
          .map(String::trim).filter(n -> !n.isEmpty()).toList();
      if (!mode.equals("partitioned") || names.isEmpty()) {
        throw new IllegalArgumentException(value);
      }
      return new RemoteData(Mode.PARTITIONED, names);
    }
    return new RemoteData(Mode.valueOf(mode.toUpperCase(Locale.ROOT)), List.of());
  }

  @Override
  public String toString() {
    return mode.name().toLowerCase(Locale.ROOT)
        + (partitioned.isEmpty() ? "" : ":" + String.join(",", partitioned));
  }
}
