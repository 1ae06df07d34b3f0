/**
 * The README's first scenario: the smallest complete scenario class, kept compiling and running
 * so the README cannot show code that no longer works.
 */
@PerfSystem("Example")
package dev.perfsuite.scenarios.example;

import dev.perfsuite.junit.PerfSystem;
