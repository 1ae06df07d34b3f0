/** PostgreSQL as a local backend: in a container or an embedded server process. */
package dev.perfsuite.backends.postgres;
