/**
 * What is left after a run that did not end: summaries rebuilt from the JTL a killed controller
 * left behind ({@link dev.perfsuite.recovery.SummaryRebuild}).
 */
package dev.perfsuite.recovery;
