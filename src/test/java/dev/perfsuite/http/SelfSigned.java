package dev.perfsuite.http;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/** A throw-away self-signed server certificate for {@code localhost}, made with keytool. */
final class SelfSigned {
  private static final char[] PASSWORD = "changeit".toCharArray();

  private SelfSigned() {
  }

  static SSLContext context() throws Exception {
    Path store = Files.createTempDirectory("perf-http-tls").resolve("server.p12");
    Process keytool = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
        "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=localhost", "-keystore", store.toString(), "-storetype", "PKCS12",
        "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)))
        .redirectErrorStream(true).start();
    String output = new String(keytool.getInputStream().readAllBytes());
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      throw new IllegalStateException("keytool failed: " + output);
    }
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD);
    }
    KeyManagerFactory managers =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    managers.init(keys, PASSWORD);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(managers.getKeyManagers(), null, null);
    return context;
  }
}
