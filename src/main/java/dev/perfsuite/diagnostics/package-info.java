/**
 * What the suite says when something goes wrong. It gives the root cause of a failure in one line,
 * and the tail of a process's or container's output for an error message.
 *
 * <p>The bottom of the layers with {@code users}: every package may use it, it uses none of the
 * suite's.
 */
package dev.perfsuite.diagnostics;
