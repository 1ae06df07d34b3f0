/**
 * The controller side of a distributed run, built to fail loudly instead of hanging. It holds the
 * run over RMI ({@link dev.perfsuite.engines.remote.DistributedEngine}) and its result mode ({@link
 * dev.perfsuite.engines.remote.RemoteResults}: engine snapshots or every sample, each with its
 * watchdog), the merge of engine JTLs and the checks (reachability, plans a remote engine cannot
 * load, engines that sampled less than planned).
 */
package dev.perfsuite.engines.remote;
