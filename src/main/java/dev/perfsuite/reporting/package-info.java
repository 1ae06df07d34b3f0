/**
 * Everything a reader sees of a run: summary files, progress lines, charts, dashboards and Allure
 * results. The summary files sit beside the JTL ({@link dev.perfsuite.reporting.ResultFiles}),
 * progress lines appear while it runs ({@link dev.perfsuite.reporting.ProgressReporter}), charts
 * ({@link dev.perfsuite.reporting.Charts}), JMeter's HTML dashboard and the Allure result of each
 * scenario ({@link dev.perfsuite.reporting.AllureReport}, {@link
 * dev.perfsuite.reporting.AllureRunReport}) with its labels, tables, SLA verdicts, charts and
 * attachments. The engines and the SLA know none of this: the session registers the watchers and
 * verdict listeners here with them.
 */
package dev.perfsuite.reporting;
