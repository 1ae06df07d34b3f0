package dev.perfsuite.engines.server;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * One upload in progress on an engine ({@link EngineDataStore}). It holds where it goes, what it
 * must hash to, what arrived so far, and the token of the run that began it.
 */
final class OpenUpload {
  private final byte[] token;
  final Path target;
  final String sha256;
  final long size;
  final Path part;
  final OutputStream out;
  final MessageDigest digest = EngineDataStore.digest();
  long received;
  volatile long touched;

  OpenUpload(String token, Path target, String sha256, long size, Path part, OutputStream out,
      long touched) {
    this.token = token.getBytes(StandardCharsets.UTF_8);
    this.target = target;
    this.sha256 = sha256;
    this.size = size;
    this.part = part;
    this.out = out;
    this.touched = touched;
  }

  /**
   * This upload, when {@code runToken} is the token that began it (compared in constant time).
   *
   * @throws IllegalStateException naming upload {@code id} and the fix otherwise
   */
  OpenUpload requireBegunWith(String runToken, long id) {
    if (runToken == null
        || !MessageDigest.isEqual(token, runToken.getBytes(StandardCharsets.UTF_8))) {
      throw new IllegalStateException("remote engine refused a call on upload " + id + ": "
          + "another run's controller began it. Fix: upload from the perf-suite controller of "
          + "the run, which sends its token with every call");
    }
    return this;
  }
}
