/**
 * The WSO2 scenarios: their journeys, SLAs and fidelity tests, and what the system declares
 * to the suite (its services, configuration keys, full-scale profiles; see
 * docs/writing-a-scenario.md).
 */
@PerfSystem("WSO2")
package dev.perfsuite.scenarios.wso2;

import dev.perfsuite.junit.PerfSystem;
