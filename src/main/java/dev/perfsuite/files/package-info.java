/**
 * Directories the suite writes for itself and removes again: a run's directory before the run,
 * scratch files, unpacked or saved copies.
 *
 * <p>At the bottom of the layers: every package may use it, it uses none of the suite's.
 */
package dev.perfsuite.files;
