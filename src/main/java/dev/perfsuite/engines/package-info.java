/**
 * Running a plan: a {@link dev.perfsuite.engines.LoadPlan} (one journey under one profile) on an
 * engine. {@code perf.engine} chooses JMeter inside the test JVM ({@link
 * dev.perfsuite.engines.EmbeddedEngine}) or JMeter remote engines over RMI ({@link
 * dev.perfsuite.engines.remote.DistributedEngine}). {@link dev.perfsuite.engines.RunExecution} is
 * the skeleton both share: the recorder, the watchers, a worker the caller can interrupt and a
 * watchdog that stops a run overrunning its plan.
 *
 * <p>Sub-packages hold the two sides of a distributed run: {@code remote} is the controller side
 * (the run over RMI, snapshots, merge, the checks that make a distributed run fail loudly),
 * {@code shipment} moves a plan's data files to the engines, and {@code server} is the engine
 * side ({@link dev.perfsuite.engines.server.RemoteEngineMain}, its data store, the recorder the
 * plan carries). What the rooms share sits here: {@link dev.perfsuite.engines.EngineAddress}
 * ({@code host:port}), the RMI transport, the {@link dev.perfsuite.engines.SnapshotSink} engines
 * report to, and {@link dev.perfsuite.engines.BuiltTree}, the one adapter placing a ready-built
 * JMeter tree in a plan.
 */
package dev.perfsuite.engines;
