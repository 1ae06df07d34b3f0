/**
 * JMeter plugins a JMX plan needs, in one room. It holds the one table of which artifact provides a
 * plugin's class or function ({@link dev.perfsuite.plugins.PluginArtifacts}), detection in the
 * plan's text, fetching through Maven into a cache keyed by the SHA-256 of the artifact set, the
 * run's class loader, JMeter's function registry for one run, and on a distributed run the shipment
 * of the jars and the engine side that loads them.
 *
 * <p>{@code jmx} and the engines' remote and server rooms call it; it uses the engines' core and
 * shipment only to send jars, and nothing here knows a JMX plan's other checks.
 */
package dev.perfsuite.plugins;
