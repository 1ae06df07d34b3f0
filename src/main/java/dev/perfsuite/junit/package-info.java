/**
 * The JUnit 5 face of the suite: a scenario annotation, an extension and the session it injects.
 * {@link dev.perfsuite.junit.PerfScenario} marks a catalogue scenario (tag {@code perf}), {@link
 * dev.perfsuite.junit.PerfExtension} validates the configuration before a class runs and injects
 * the run's shared {@link dev.perfsuite.junit.PerfSession} (configuration, backends, engine), which
 * hands a finished run to the reports and the history. A scenario's system (the report's epic)
 * comes from {@link dev.perfsuite.junit.PerfSystem} or its package.
 */
package dev.perfsuite.junit;
