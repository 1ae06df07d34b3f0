/**
 * The typed values a run's configuration is made of. They are the settings of one area (distributed
 * runs, history, metrics export, the error-rate abort) and the enumerations keys accept.
 *
 * <p>These types know nothing of how keys are read: {@code PerfConfig}
 * reads and validates the keys and builds them. The settings that read keys themselves
 * ({@code JmxSettings}, {@code BackendSettings}, {@code RunSettings}) stay beside the reader.
 */
package dev.perfsuite.config.settings;
