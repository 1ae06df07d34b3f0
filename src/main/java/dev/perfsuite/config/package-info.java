/**
 * Configuration of a run: every {@code perf.*} key, typed and validated before any load starts.
 * Each {@link dev.perfsuite.config.ConfigKey} is read in precedence order (system property,
 * {@code PERF_*} environment variable, {@code perf.properties}, default) into immutable records.
 *
 * <p>{@link dev.perfsuite.config.PerfConfig} is the whole validated configuration; a bad value
 * becomes a {@link dev.perfsuite.config.ConfigException} naming the key, the value, its origin and
 * what is accepted. The keys a run reads beside its profile are one record,
 * {@link dev.perfsuite.config.RunSettings}, handed down from the run's entry and sent to remote
 * engines in the plan (an engine's own JVM gives only its options,
 * {@link dev.perfsuite.config.EngineSettings}): no other package reads a {@code perf.*} key from
 * the JVM itself ({@code LayersTest}).
 * {@link dev.perfsuite.config.Target} says where load goes (the local backends or a named
 * environment), {@link dev.perfsuite.config.Secrets} reads credentials from the
 * environment or files only, and {@link dev.perfsuite.config.Versions} holds the versions, image
 * names and port defaults declared once in {@code pom.xml}. A system's own keys are declared by
 * its scenarios ({@link dev.perfsuite.config.ConfigKeys}, {@link dev.perfsuite.config.SystemKey})
 * and served like these.
 */
package dev.perfsuite.config;
