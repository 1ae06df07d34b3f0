/**
 * The MOSIP scenarios: their journeys, SLAs and fidelity tests, and what the system declares
 * to the suite (its services, configuration keys, full-scale profiles; see
 * docs/writing-a-scenario.md).
 */
@PerfSystem("MOSIP")
package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.junit.PerfSystem;
