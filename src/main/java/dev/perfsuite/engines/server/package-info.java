/**
 * The engine side of a distributed run: the remote-engine launcher and the store that keeps the
 * data files a controller shipped. Nothing here knows the controller's classes.
 */
package dev.perfsuite.engines.server;
