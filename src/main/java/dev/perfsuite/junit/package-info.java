/**
 * The JUnit 5 face of the suite: {@link dev.perfsuite.junit.PerfScenario} marks a catalogue
 * scenario (tag {@code perf}), {@link dev.perfsuite.junit.PerfExtension} validates the
 * configuration before a class runs and injects the run's shared {@link
 * dev.perfsuite.junit.PerfSession} (configuration, backends, engine) hands a finished run to the
 * reports and the history.
 */
package dev.perfsuite.junit;
