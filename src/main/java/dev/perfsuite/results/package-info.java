/**
 * What a run measured: phases, error causes, statistics per label and the JTL, as immutable
 * records. Every sample is classified into a phase (warm-up or measurement) and an error cause,
 * recorded per label into HdrHistogram-backed statistics and a CSV JTL ({@link
 * dev.perfsuite.results.SampleRecorder}), and summarised as immutable records ({@link
 * dev.perfsuite.results.RunResult}, {@link dev.perfsuite.results.LabelSummary},
 * {@link dev.perfsuite.results.Timeline}). Percentiles are exact to three significant digits, never
 * estimated; the verdicts, reports and history all read these records.
 */
package dev.perfsuite.results;
