/**
 * Rendering JFreeChart charts to PNG off-screen, for every chart the suite draws (a run's charts
 * in {@code reporting}, the trend of its history in {@code history}).
 *
 * <p>At the bottom of the layers: it uses none of the suite's packages.
 */
package dev.perfsuite.charts;
