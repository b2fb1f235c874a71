package io.coaptree.bench.pi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;

import io.coaptree.bench.server.TargetMain;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.node.KuraNode;

/**
 * The gateway of the {@code pi-gateway} step, alone in its JVM ({@code TargetMain gateway}): a Kura-exact node
 * booted from the storage its first boot left (configuration snapshot, tree key, deployment packages), as a gateway
 * comes back after a power cycle. Nothing else runs in this JVM but the harness's own threads, so what this process
 * costs is one gateway's cost.
 * <p>
 * The runner drives it through standard input, one command a line, each answered by one report line:
 * <pre>
 * tree FILTER MILLIS  waits until its TreeService matches FILTER  -> tree matched=B state=S live=N
 * census FILE         {@link GatewayCensus}, written to FILE       -> census heap=B threads=N ours.bytes=B ...
 * stop                stops our bundles                            -> stopped bundles=N
 * uninstall           removes our two deployment packages          -> uninstalled packages=2
 * </pre>
 * Started without a storage, it is the same node without our packages, for the census alone.
 * The commands run on one thread of the harness, there with and without our bundles, so it cancels out of every
 * difference the runner takes.
 */
public final class GatewayNode implements AutoCloseable {

    static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /** Our deployment packages, the examples first: they depend on the other. */
    static final List<String> OUR_PACKAGES = List.of("coaptree-examples", "coaptree");

    private final KuraNode node;
    private final int port;

    private GatewayNode(KuraNode node, int port) {
        this.node = node;
        this.port = port;
    }

    /**
     * Boots the node from {@code storage} and waits until its CoAP server is bound; or, without a storage, a node of
     * the same kind that never had our packages (the "Kura only" baseline), which serves no CoAP (port 0).
     */
    public static GatewayNode start(String name, Path storage) throws Exception {
        KuraNode node = storage == null ? KuraNode.builder(name).start()
                : KuraNode.builder(name).storage(storage).start();
        try {
            if (storage == null) {
                return withCommands(new GatewayNode(node, 0));
            }
            String bound = "(&(coap.port=*)(!(coap.port=0)))";
            if (!node.awaitServiceProperty(TreeHierarchy.SERVER_SERVICE, bound, START_TIMEOUT)) {
                throw new IllegalStateException(name + ": no bound CoAP server within " + START_TIMEOUT);
            }
            int port = ((Number) node.serviceProperty(TreeHierarchy.SERVER_SERVICE, bound, "coap.port")).intValue();
            return withCommands(new GatewayNode(node, port));
        } catch (Exception | Error e) {
            node.close();
            throw e;
        }
    }

    private static GatewayNode withCommands(GatewayNode gateway) {
        Thread commands = new Thread(gateway::readCommands, "bench-commands");
        commands.setDaemon(true);
        commands.start();
        return gateway;
    }

    public int port() {
        return port;
    }

    private void readCommands() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                try {
                    TargetMain.say(execute(line.trim().split("\\s+")));
                } catch (Exception e) {
                    e.printStackTrace();
                    TargetMain.say("failed " + String.valueOf(e).replaceAll("\\s+", "_"));
                }
            }
        } catch (IOException e) {
            // the runner closed our input: it is stopping us
        }
    }

    private String execute(String[] command) throws Exception {
        switch (command[0]) {
            case "tree" -> {
                boolean matched = node.awaitServiceProperty(TreeHierarchy.TREE_SERVICE, command[1],
                        Duration.ofMillis(Long.parseLong(command[2])));
                return "tree matched=" + matched + " state=" + treeProperty("tree.state") + " live="
                        + treeProperty("tree.members.live");
            }
            case "census" -> {
                return "census " + GatewayCensus.take(Path.of(command[1])).describe();
            }
            case "stop" -> {
                return "stopped bundles=" + stopOurBundles();
            }
            case "uninstall" -> {
                for (String dp : OUR_PACKAGES) {
                    node.uninstallDeploymentPackage(dp);
                }
                refreshBundles();
                return "uninstalled packages=" + OUR_PACKAGES.size();
            }
            default -> throw new IllegalArgumentException("unknown command " + command[0]);
        }
    }

    private Object treeProperty(String key) {
        return node.serviceProperty(TreeHierarchy.TREE_SERVICE, null, key);
    }

    /**
     * Stops the bundles our packages brought that carry our name ({@code io.coaptree.*}; the harness's own
     * {@code io.coaptree.harness.*} stay), the last installed first, as their dependants come after them.
     */
    private int stopOurBundles() throws Exception {
        List<Bundle> ours = new ArrayList<>();
        for (Bundle b : node.bundleContext().getBundles()) {
            String name = b.getSymbolicName();
            if (name != null && name.startsWith("io.coaptree.") && !name.startsWith("io.coaptree.harness.")) {
                ours.add(b);
            }
        }
        ours.sort(Comparator.comparingLong(Bundle::getBundleId).reversed());
        for (Bundle b : ours) {
            b.stop();
        }
        return ours.size();
    }

    /**
     * Lets the framework drop the removed bundles' wiring, so that their class loaders, and what their classes' static
     * fields hold, become garbage (an uninstalled bundle keeps serving its importers until a refresh).
     */
    private void refreshBundles() throws InterruptedException {
        CountDownLatch refreshed = new CountDownLatch(1);
        node.bundleContext().getBundle(0).adapt(FrameworkWiring.class).refreshBundles(null, event -> {
            if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                refreshed.countDown();
            }
        });
        if (!refreshed.await(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("bundles not refreshed within " + START_TIMEOUT);
        }
    }

    @Override
    public void close() {
        node.close();
    }
}
