/**
 * Data shipment: a plan's data files found, dealt and uploaded to the engines. It finds the files,
 * deals CSV rows between engines, uploads them, and rewrites the plan's paths to where each engine
 * stored its copy; paths built at run time read a mirror of the plan's folder, each engine's base.
 */
package dev.perfsuite.engines.shipment;
