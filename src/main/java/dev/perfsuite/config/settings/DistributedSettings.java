package dev.perfsuite.config.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How the distributed engine reaches its JMeter remote engines.
 *
 * @param remotes {@code host:port} of every remote engine's RMI registry, in the order given
 * @param split how users are shared among engines
 * @param watchdog how long an engine may stay silent before the run is stopped
 * @param localPort controller-side RMI port engines call back to, 0 for any
 * @param rmiSsl RMI over SSL; off only when {@code perf.rmi.ssl=false} is set explicitly
 * @param trustedNetwork every host that reaches the controller's callback address is trusted
 *     ({@code perf.rmi.trusted-network}): RMI without SSL may then call back beyond loopback
 * @param keystore JKS keystore for RMI over SSL (password from {@code PERF_RMI_KEYSTORE_PASSWORD})
 * @param keyAlias alias of the key pair in the keystore
 * @param samples how engines report samples: aggregated snapshots or every sample
 * @param snapshotInterval how often an engine sends its snapshot in aggregate mode
 * @param jtl whether engines' JTLs are fetched and merged or kept on the engines
 * @param data how the plan's data files reach the engines ({@code perf.remotes.data})
 * @param expected engines that must answer before load, 0 for as many as answer
 *     ({@code perf.remotes.expected})
 * @param expectedWait how long a run waits for them ({@code perf.remotes.wait})
 */
public record DistributedSettings(List<String> remotes, RemoteSplit split, Duration watchdog,
    int localPort, boolean rmiSsl, boolean trustedNetwork, Path keystore, String keyAlias,
    RemoteSamples samples, Duration snapshotInterval, RemoteJtl jtl, RemoteData data, int expected,
    Duration expectedWait) {

  public DistributedSettings {
    remotes = List.copyOf(remotes);
  }

  /** Defaults as documented in the keys' reference: no remotes, even split, SSL on, untrusted. */
  public static DistributedSettings defaults() {
    return new DistributedSettings(List.of(), RemoteSplit.EVEN, Duration.ofSeconds(15), 0, true,
        false, Path.of("rmi_keystore.jks"), "rmi", RemoteSamples.AGGREGATE, Duration.ofSeconds(1),
        RemoteJtl.FETCH, RemoteData.shared(), 0, Duration.ofSeconds(60));
  }
}
