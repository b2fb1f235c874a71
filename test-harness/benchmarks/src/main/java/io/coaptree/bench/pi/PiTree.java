package io.coaptree.bench.pi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.tree.TreeBrokers;
import io.coaptree.harness.hierarchy.GatewayProvisioning;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;
import io.coaptree.harness.node.KuraNode;

/**
 * The gateway's neighbours, in the runner's JVM: a broker, the root {@code top} and the domain gateway {@code dA},
 * Kura-exact nodes with the shipped packages, configured from the role snapshots of {@code kura-config/} (shipped
 * defaults: heartbeats, signed messages with link MACs), and every CoAP server open to plain-CoAP writes, so that a
 * plain client may register in the Resource Directory.
 */
final class PiTree implements AutoCloseable {

    static final Gateway ROOT = new Gateway(TreeHierarchy.ROOT_NAME, 0, "", "");
    static final Gateway DOMAIN = new Gateway("dA", 1, "A", "");
    /** The gateway measured: group 1 of domain A. */
    static final Gateway GROUP = new Gateway("gA1", 2, "A", "1");
    /**
     * What the group and the domain see live once all three run: a gateway follows its own path, the paths above it
     * and its child paths, so each of them follows the other two.
     */
    static final String ALL_LIVE = "(tree.members.live=3)";
    /** The root follows its domains, not the groups two levels below: it sees itself and the domain gateway. */
    static final String ROOT_SEES_ITS_DOMAIN = "(tree.members.live=2)";
    static final Duration JOIN_TIMEOUT = Duration.ofSeconds(180);

    private final TreeBrokers broker;
    private final Path storageRoot;
    private final TreeHierarchy hierarchy;

    private PiTree(TreeBrokers broker, Path storageRoot, TreeHierarchy hierarchy) {
        this.broker = broker;
        this.storageRoot = storageRoot;
        this.hierarchy = hierarchy;
    }

    /** @param brokerKind {@code embedded} or {@code mosquitto} (see {@link TreeBrokers}) */
    static PiTree start(ScenarioContext context, String brokerKind) throws Exception {
        List<Gateway> all = List.of(ROOT, DOMAIN, GROUP);
        TreeBrokers broker = TreeBrokers.start(brokerKind, all);
        Path storage = Files.createTempDirectory("coaptree-bench-pi-");
        try {
            TreeHierarchy.Settings settings = new TreeHierarchy.Settings(
                    context.options().repoRoot().resolve("kura-config"),
                    context.deploymentPackage("coaptree"), context.deploymentPackage("coaptree-examples"), storage,
                    broker.url(ROOT), Map.of(), Map.of("access.writes", "open"));
            TreeHierarchy hierarchy = TreeHierarchy.start(settings, List.of(ROOT, DOMAIN), JOIN_TIMEOUT,
                    GatewayProvisioning.brokerUrl(broker::url));
            return new PiTree(broker, storage, hierarchy);
        } catch (Exception | Error e) {
            broker.close();
            deleteRecursively(storage);
            throw e;
        }
    }

    /**
     * Gives the group gateway its first boot here, as an installer would (role snapshot, tree key from the tree's CA,
     * the packages), lets it join, and shuts it down; its storage is then all another JVM needs to boot it again.
     *
     * @return that storage
     */
    Path provisionGroup() throws Exception {
        try (KuraNode first = hierarchy.startExtra(GROUP, GROUP.name())) {
            if (!first.awaitServiceProperty(TreeHierarchy.TREE_SERVICE, ALL_LIVE, JOIN_TIMEOUT)) {
                throw new IllegalStateException(GROUP.name() + " did not join at its first boot within "
                        + JOIN_TIMEOUT);
            }
        }
        return hierarchy.storage(GROUP.name());
    }

    /** Waits until the root and the domain see their neighbourhoods live: the domain sees the group. */
    void awaitNeighbourhoodsLive() {
        hierarchy.awaitTree(ROOT.name(), ROOT_SEES_ITS_DOMAIN, JOIN_TIMEOUT);
        hierarchy.awaitTree(DOMAIN.name(), ALL_LIVE, JOIN_TIMEOUT);
    }

    int coapPort(Gateway g) {
        return hierarchy.coapPort(g.name());
    }

    @Override
    public void close() {
        hierarchy.close();
        broker.close();
        deleteRecursively(storageRoot);
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
