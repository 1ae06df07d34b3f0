/**
 * Everything a reader sees of a run: the summary files beside the JTL ({@link
 * dev.perfsuite.reporting.ResultFiles}), progress lines while it runs ({@link
 * dev.perfsuite.reporting.ProgressReporter}), charts ({@link dev.perfsuite.reporting.Charts}),
 * JMeter's HTML dashboard and the Allure result of each scenario ({@link
 * dev.perfsuite.reporting.AllureReport}) with its labels, tables, charts and attachments.
 */
package dev.perfsuite.reporting;
