/**
 * JMeter users on virtual threads, started by a thread group of the suite's own.
 *
 * <p>The group ({@link dev.perfsuite.users.UserGroup}, wrapped for the DSL as
 * {@link dev.perfsuite.users.Users}) starts each JMeter thread on a virtual thread on Java 24+
 * and a platform thread otherwise ({@code perf.users.threads}), because JMeter 5.6.3's Thread
 * Group hard-codes {@code new Thread}.
 */
package dev.perfsuite.users;
