/** API stubs (WireMock) as a local backend: mappings, files and the browser-login stand-in. */
package dev.perfsuite.backends.stubs;
