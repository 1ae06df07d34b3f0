/**
 * What CI reads of a run's verdict: {@code verdict.json} beside {@code summary.csv} (figures, SLA
 * rows, regression metrics, warnings, outcome; schema in {@code docs/reference/
 * verdict.schema.json}) and a JUnit XML file with one test case per SLA threshold and regression
 * metric. Writes files only; judging stays in {@code sla} and {@code history}.
 */
package dev.perfsuite.verdict;
