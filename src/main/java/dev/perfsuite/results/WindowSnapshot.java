package dev.perfsuite.results;

import java.io.Serializable;

/**
 * One label's timeline window on one engine, cumulative, as sent in a {@link RecorderSnapshot}.
 *
 * @param index window number from the engine's phase origin
 * @param label sampler label, or {@link LabelSummary#OVERALL}
 * @param phase the phase the window started in
 * @param histogram response times in the window, compressed HdrHistogram (2 digits)
 * @param errors failed samples in the window
 * @param maxActiveThreads highest active-thread count in the window
 */
public record WindowSnapshot(long index, String label, Phase phase, byte[] histogram,
    long errors, int maxActiveThreads) implements Serializable {
}
