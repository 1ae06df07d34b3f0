/**
 * Existing JMeter plans under the suite. It covers loading a JMX with its checks (malformed XML,
 * unknown element classes, {@code ${__P()}} values), plan hygiene (GUI listeners, CSV paths), the
 * choice between the plan's own thread groups and the suite's profile, the SLA sidecar, and
 * conversion to a scenario class with jmeter-java-dsl's code generator.
 */
package dev.perfsuite.jmx;
