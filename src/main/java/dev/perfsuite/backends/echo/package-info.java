/** The HTTP echo backend as a local service: in a container or embedded in the test JVM. */
package dev.perfsuite.backends.echo;
