/**
 * Running a plan: a {@link dev.perfsuite.engines.LoadPlan} (one journey under one profile) runs on
 * an engine chosen by {@code perf.engine}, either JMeter inside the test JVM ({@link
 * dev.perfsuite.engines.EmbeddedEngine}) or JMeter remote engines over RMI ({@link
 * dev.perfsuite.engines.DistributedEngine}). {@link dev.perfsuite.engines.RunExecution} is the
 * skeleton both share: the recorder, the watchers, a worker the caller can interrupt and a
 * watchdog that stops a run overrunning its plan. This package also holds the remote-engine
 * launcher ({@link dev.perfsuite.engines.RemoteEngineMain}) and the checks that make a distributed
 * run fail loudly (unreachable engines, lambdas a remote engine cannot load, engines that sampled
 * less than planned).
 */
package dev.perfsuite.engines;
