package dev.perfsuite.history;

import java.util.ArrayList;
import java.util.List;

/**
 * What reading one history file gave: the runs it holds and the records it skipped.
 *
 * @param runs the runs of the scenario asked for, oldest first
 * @param skipped one note per skipped record, each naming {@code file:line}, why, and the fix
 */
public record HistoryReading(List<RunRecord> runs, List<String> skipped) {

  public HistoryReading {
    runs = List.copyOf(runs);
    skipped = List.copyOf(skipped);
  }

  /** A file with nothing in it yet. */
  static HistoryReading empty() {
    return new HistoryReading(List.of(), List.of());
  }

  /** The same runs, with {@code note} added in front of the skipped records. */
  HistoryReading noting(String note) {
    List<String> notes = new ArrayList<>(List.of(note));
    notes.addAll(skipped);
    return new HistoryReading(runs, notes);
  }
}
