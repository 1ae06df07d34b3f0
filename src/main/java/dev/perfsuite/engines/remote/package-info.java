/**
 * The controller side of a distributed run: the run over RMI ({@link
 * dev.perfsuite.engines.remote.DistributedEngine}) and its result mode ({@link
 * dev.perfsuite.engines.remote.RemoteResults}: engine snapshots or every sample, each with its
 * watchdog), the merge of engine JTLs and the checks (reachability, plans a remote engine cannot
 * load, engines that sampled less than planned) that make a distributed run fail loudly instead
 * of hanging.
 */
package dev.perfsuite.engines.remote;
