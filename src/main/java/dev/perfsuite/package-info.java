/**
 * The front door: {@link dev.perfsuite.Perf}, whose static factories and member types a scenario
 * imports beside {@code JmeterDsl}'s. It sits above every other package and only delegates; no
 * main package refers to it.
 */
package dev.perfsuite;
