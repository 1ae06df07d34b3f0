/**
 * What CI reads of a run's verdict: a JSON file and a JUnit XML file. {@code verdict.json} sits
 * beside {@code summary.csv} (figures, SLA rows, regression metrics, warnings, outcome; schema in
 * {@code docs/reference/ verdict.schema.json}); the JUnit XML file has one test case per SLA
 * threshold and regression metric. Writes files only; judging stays in {@code sla} and
 * {@code history}.
 */
package dev.perfsuite.verdict;
