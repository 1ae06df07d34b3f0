/**
 * The engine side of a distributed run.
 *
 * <p>It holds the remote-engine launcher, the store that keeps the data files a controller
 * shipped, and the recorder a controller's plan carries to each engine. Nothing
 * here knows the controller's classes: the recorder reaches the controller through the
 * {@link dev.perfsuite.engines.SnapshotSink} stub in the plan.
 */
package dev.perfsuite.engines.server;
