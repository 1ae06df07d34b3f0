/**
 * Data shipment: finds a plan's data files, deals CSV rows between engines and uploads them, and
 * rewrites the plan's paths to where each engine stored its copy.
 */
package dev.perfsuite.engines.shipment;
