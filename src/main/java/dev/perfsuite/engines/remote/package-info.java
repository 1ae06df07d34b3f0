/**
 * The controller side of a distributed run: the run over RMI, live snapshot intake, the merge of
 * engine JTLs and the checks (reachability, plans a remote engine cannot load, engines that sampled
 * less than planned) that make a distributed run fail loudly instead of hanging.
 */
package dev.perfsuite.engines.remote;
