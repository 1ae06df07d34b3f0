/**
 * Data shipment: a plan's data files found, dealt and uploaded to the engines. It finds the files,
 * deals CSV rows between engines, uploads them, and rewrites the plan's paths to where each engine
 * stored its copy.
 */
package dev.perfsuite.engines.shipment;
