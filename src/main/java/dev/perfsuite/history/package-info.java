/**
 * Run history and regression verdicts across runs. Every run appends a compact record per scenario
 * and label to a history store, is compared with a baseline run (the previous one on the same
 * target and profile, or a pinned file), and gets a trend chart of its last runs.
 *
 * <p>Entry point: {@link dev.perfsuite.history.RunHistory#compare}, then
 * {@link dev.perfsuite.history.RunHistory#keep} with the run's outcome.
 */
package dev.perfsuite.history;
