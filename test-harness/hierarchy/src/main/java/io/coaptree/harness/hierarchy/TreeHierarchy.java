package io.coaptree.harness.hierarchy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.coaptree.harness.junit.ThreadStacks;
import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.pki.TreePki;

/**
 * A gateway tree in one JVM: emulated Kura nodes, each configured from the {@code kura-config/} snapshot of its
 * role (root, domain, group) plus per-node overrides (name, domain, group, MQTT broker, a free CoAP port on
 * 127.0.0.1), with the CoAPTree package installed and the examples package on the groups. Used by the demo and the
 * hierarchy integration tests.
 * <p>
 * Every gateway gets tree credentials before its first boot, as an installer would put them in place: an Ed25519
 * key with a certificate for its node address from this tree's CA ({@link #pki()}), and the CA, in its SSLKeystore
 * under the tree handler's default aliases. So the role snapshots' default, signed messages
 * ({@code tree.security.mode=signature}), works as shipped; {@code treeOverrides} may choose another mode.
 */
public final class TreeHierarchy implements AutoCloseable {

    public static final String SERVER_PID = "io.coaptree.server.CoapServerService";
    public static final String SERVER_SERVICE = "io.coaptree.api.CoAPServer";
    public static final String TRANSPORT_PID = "io.coaptree.mqtt.LeanMqttDataTransport";
    public static final String TREE_PID = "io.coaptree.tree.CoAPTreeHandler";
    public static final String RD_PID = "io.coaptree.rd.ResourceDirectory";
    public static final String REMOTE_QUERY_PID = "io.coaptree.remotequery.RemoteQuery";
    private static final Duration SERVICE_TIMEOUT = Duration.ofSeconds(60);
    public static final String TREE_SERVICE = "io.coaptree.tree.service.TreeService";
    public static final String HTTP_PID = "io.coaptree.http.HttpAccess";
    /** The Kura identity every gateway of the tree knows, with the permission to call through HTTP. */
    public static final String OPERATOR = "operator";
    /** A Kura identity without that permission. */
    public static final String VIEWER = "viewer";

    /** One gateway of the tree: name, level 0/1/2, domain and group ("" when absent). */
    public record Gateway(String name, int level, String domain, String group) {

        /** The node address as in tree URIs and topics, '-' for an absent level: {@code A/1/gA1}. */
        public String address() {
            return (domain.isEmpty() ? "-" : domain) + "/" + (group.isEmpty() ? "-" : group) + "/" + name;
        }

        String roleSnapshot() {
            return level == 0 ? "root.xml" : level == 1 ? "domain.xml" : "group.xml";
        }
    }

    /**
     * The root gateway's node name. Not "root": Moquette 0.17 (the harness's embedded broker before HiveMQ, and a
     * broker some sites run) never delivers to a subscription with a topic level literally named "root", the name of
     * its subscription trie's own root token, so there such a gateway would never receive its query, reply and ctl
     * topics (docs/hierarchy.md).
     */
    public static final String ROOT_NAME = "top";

    /** The demo tree: a root, domains A and B, groups 1 and 2 in each. */
    public static List<Gateway> sevenGateways() {
        return List.of(new Gateway(ROOT_NAME, 0, "", ""),
                new Gateway("dA", 1, "A", ""), new Gateway("dB", 1, "B", ""),
                new Gateway("gA1", 2, "A", "1"), new Gateway("gA2", 2, "A", "2"),
                new Gateway("gB1", 2, "B", "1"), new Gateway("gB2", 2, "B", "2"));
    }

    /** Where the parts come from and what every node gets on top of its role snapshot. */
    public record Settings(Path kuraConfig, Path coaptreeDp, Path examplesDp, Path storageRoot, String brokerUrl,
            Map<String, Object> treeOverrides, Map<String, Object> serverOverrides) {

        public Settings {
            Objects.requireNonNull(kuraConfig, "kuraConfig");
            Objects.requireNonNull(coaptreeDp, "coaptreeDp");
            Objects.requireNonNull(examplesDp, "examplesDp");
            Objects.requireNonNull(storageRoot, "storageRoot");
            Objects.requireNonNull(brokerUrl, "brokerUrl");
            treeOverrides = Map.copyOf(treeOverrides);
            serverOverrides = Map.copyOf(serverOverrides);
        }
    }

    private final Settings settings;
    private final GatewayProvisioning provisioning;
    private final Map<String, Gateway> gateways = new LinkedHashMap<>();
    private final Map<String, KuraNode> nodes = new LinkedHashMap<>();
    private final TreePki pki = TreePki.create("CoAPTree Tree CA");
    /** Generated per hierarchy: the demo prints it, tests read it; never a constant in the sources. */
    private final String operatorPassword = KuraIdentities.randomPassword();

    private TreeHierarchy(Settings settings, GatewayProvisioning provisioning) {
        this.settings = settings;
        this.provisioning = Objects.requireNonNull(provisioning, "provisioning");
    }

    /** Starts every gateway (in order: parents first) and waits until each sees its neighbourhood live. */
    public static TreeHierarchy start(Settings settings, List<Gateway> tree, Duration timeout) throws Exception {
        return start(settings, tree, timeout, GatewayProvisioning.NONE);
    }

    /**
     * As {@link #start(Settings, List, Duration)}, each gateway also provisioned with {@code provisioning} (e.g.
     * {@link BrokerCredentials}: its own TLS client certificate for a broker that admits only the tree's gateways).
     */
    public static TreeHierarchy start(Settings settings, List<Gateway> tree, Duration timeout,
            GatewayProvisioning provisioning) throws Exception {
        TreeHierarchy hierarchy = new TreeHierarchy(settings, provisioning);
        try {
            for (Gateway g : tree) {
                hierarchy.gateways.put(g.name(), g);
                hierarchy.nodes.put(g.name(), hierarchy.boot(g, true, g.name(), g.name()));
            }
            for (Gateway g : tree) {
                hierarchy.awaitTree(g.name(), hierarchy.neighbourhood(g.name()), timeout);
            }
            return hierarchy;
        } catch (Exception | AssertionError e) {
            hierarchy.close();
            throw e;
        }
    }

    /**
     * Boots a node. The first time it is provisioned, as a gateway is before its packages arrive, from its role
     * snapshot plus this tree's values (Kura ignores Apply for a pid no installed component has registered yet),
     * then given the packages; later boots get both back from the node's storage, as a rebooted gateway does.
     */
    private KuraNode boot(Gateway g, boolean fresh, String storageName, String clientId) throws Exception {
        return boot(g, fresh, storageName, clientId, true);
    }

    /** @param enrolled whether the tree's CA issued the gateway a key (else its keystore holds only the CA) */
    private KuraNode boot(Gateway g, boolean fresh, String storageName, String clientId, boolean enrolled)
            throws Exception {
        Path storage = settings.storageRoot().resolve(storageName);
        KuraNode.Builder builder = KuraNode.builder(g.name()).storage(storage);
        if (fresh) {
            deleteRecursively(storage);
            // as an installer puts a gateway's credentials in place: under the password Kura ships the keystore with,
            // which the gateway's first boot replaces with its own
            char[] password = KuraNode.SHIPPED_KEYSTORE_PASSWORD.toCharArray();
            if (enrolled) {
                pki.writeGatewayKeystore(KuraNode.sslKeystore(storage), password, pki.issue(g.address()));
            } else {
                pki.writeCaKeystore(KuraNode.sslKeystore(storage), password);
            }
            builder.snapshot(settings.kuraConfig().resolve(g.roleSnapshot()));
            provision(builder, g, clientId);
        }
        KuraNode node = builder.start();
        if (!fresh) {
            return node;
        }
        try {
            node.installDeploymentPackage(settings.coaptreeDp());
            if (g.level() == 2) {
                node.installDeploymentPackage(settings.examplesDp());
            }
            // Ready as an operator would see it: our pages listed, so an Apply is no longer dropped.
            if (!node.awaitListed(SERVICE_TIMEOUT, SERVER_PID, TRANSPORT_PID, TREE_PID, RD_PID, REMOTE_QUERY_PID,
                    HTTP_PID)) {
                throw new AssertionError(g.name() + ": our components are not all listed after " + SERVICE_TIMEOUT
                        + ": " + node.services());
            }
            return node;
        } catch (Exception | AssertionError e) {
            node.close();
            throw e;
        }
    }

    private void provision(KuraNode.Builder builder, Gateway g, String clientId) {
        Map<String, Object> server = new HashMap<>();
        server.put("coap.port", 0);
        server.put("coap.bind.address", "127.0.0.1");
        server.put("node.domain", g.domain());
        server.put("node.group", g.group());
        server.putAll(settings.serverOverrides());
        builder.configuration(SERVER_PID, server);

        Map<String, Object> transport = new HashMap<>();
        transport.put("broker-url", settings.brokerUrl());
        transport.put("client-id", clientId);
        transport.put("keep-alive", 5);
        transport.put("timeout", 5);
        transport.put("reconnect.initial-delay-ms", 200);
        transport.put("reconnect.max-delay-ms", 1000);
        // The snapshot's last will names the role's example domain and group: follow this node's.
        transport.put("lwt.topic", "coaptree/" + g.address() + "/lwt");
        builder.configuration(TRANSPORT_PID, transport);

        Map<String, Object> tree = new HashMap<>();
        tree.put("tree.level", g.level());
        tree.put("tree.domain", g.domain());
        tree.put("tree.group", g.group());
        tree.put("tree.node.name", g.name());
        tree.putAll(settings.treeOverrides());
        builder.configuration(TREE_PID, tree);
        provisioning.configurations(g).forEach(builder::configuration);

        builder.configuration(KuraIdentities.ROLE_STORE_PID, KuraIdentities.roleStore(
                Map.of(OPERATOR, operatorPassword, VIEWER, operatorPassword),
                Map.of("rest.coaptree", List.of(OPERATOR))));
    }

    /** Where a gateway started under {@code storageName} keeps its storage (its keystore, snapshots, data). */
    public Path storage(String storageName) {
        return settings.storageRoot().resolve(storageName);
    }

    /** The tree's CA, which issued every gateway's key (tests issue more: a stranger's, an expired one). */
    public TreePki pki() {
        return pki;
    }

    /** The password of {@value #OPERATOR} (and {@value #VIEWER}) on every gateway of this hierarchy. */
    public String operatorPassword() {
        return operatorPassword;
    }

    /** The port of a gateway's web server (Kura's Jetty). */
    public int httpPort(String name) {
        return node(name).httpPort();
    }

    /** The page of the tree on a gateway, {@code http://127.0.0.1:<port>/coaptree/}. */
    public String pageUrl(String name) {
        return "http://127.0.0.1:" + httpPort(name) + "/coaptree/";
    }

    public KuraNode node(String name) {
        KuraNode node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no running gateway " + name);
        }
        return node;
    }

    public Gateway gateway(String name) {
        return gateways.get(name);
    }

    public List<Gateway> gateways() {
        return List.copyOf(gateways.values());
    }

    /** The bound CoAP port of a gateway. */
    public int coapPort(String name) {
        KuraNode node = node(name);
        if (!node.awaitServiceProperty(SERVER_SERVICE, "(coap.port=*)", Duration.ofSeconds(30))) {
            throw new IllegalStateException(name + ": the CoAP server is not bound");
        }
        return ((Number) node.serviceProperty(SERVER_SERVICE, "(coap.port=*)", "coap.port")).intValue();
    }

    /** A property of a gateway's TreeService ({@code tree.state}, {@code tree.parent}, ...), null if absent. */
    public Object treeProperty(String name, String key) {
        return node(name).serviceProperty(TREE_SERVICE, null, key);
    }

    /**
     * How many gateways {@code name} sees live once the tree has formed, of those of this hierarchy running now: its
     * neighbourhood, itself included (a gateway follows its replicas, the paths above it and its child paths).
     */
    public int neighbours(String name) {
        return Neighbourhoods.count(gateways.get(name),
                gateways.values().stream().filter(g -> nodes.containsKey(g.name())).toList());
    }

    /** How many gateways {@code name}'s tree service counts live now. */
    public int liveMembers(String name) {
        return Integer.parseInt(String.valueOf(treeProperty(name, "tree.members.live")));
    }

    /** The tree service filter of {@code name} seeing {@link #neighbours its neighbourhood} live. */
    public String neighbourhood(String name) {
        return "(tree.members.live=" + neighbours(name) + ")";
    }

    /** Waits until the gateway's TreeService matches {@code ldapFilter}; fails with its state otherwise. */
    public void awaitTree(String name, String ldapFilter, Duration timeout) {
        if (!node(name).awaitServiceProperty(TREE_SERVICE, ldapFilter, timeout)) {
            ThreadStacks.print(name + " not " + ldapFilter);
            throw new AssertionError(name + ": tree service not " + ldapFilter + " within " + timeout + "; state "
                    + treeProperty(name, "tree.state") + ", live members " + treeProperty(name, "tree.members.live")
                    + ", parent " + treeProperty(name, "tree.parent") + ", refused " + refusals(name));
        }
    }

    /** The gateway's refusal counters ({@code tree.refused} and {@code tree.refused.<reason>}), for failure messages. */
    private String refusals(String name) {
        StringBuilder counts = new StringBuilder();
        node(name).serviceProperties(TREE_SERVICE, null).forEach((key, value) -> {
            if (key.startsWith("tree.refused")) {
                counts.append(counts.length() == 0 ? "" : ", ").append(key).append('=').append(value);
            }
        });
        return counts.toString();
    }

    /** Stops a gateway the way a power cut would look from the broker: its connection just ends. */
    public void stop(String name) {
        KuraNode node = nodes.remove(name);
        if (node != null) {
            node.close();
        }
    }

    /** Boots a stopped gateway again from its storage (configuration and packages kept). */
    public void restart(String name) throws Exception {
        if (nodes.containsKey(name)) {
            throw new IllegalStateException(name + " is running");
        }
        nodes.put(name, boot(gateways.get(name), false, name, name));
    }

    /**
     * Starts a gateway outside the hierarchy's bookkeeping (e.g. one that reuses a node name), configured like the
     * others but with its own storage and MQTT client id. The caller closes it.
     */
    public KuraNode startExtra(Gateway g, String storageAndClientId) throws Exception {
        return boot(g, true, storageAndClientId, storageAndClientId);
    }

    /**
     * Starts a gateway that was never enrolled: its keystore holds the tree's CA but no key, so the tree handler
     * creates one with a self-signed certificate, which the other gateways do not trust.
     */
    public KuraNode startUnenrolled(Gateway g, String storageAndClientId) throws Exception {
        return boot(g, true, storageAndClientId, storageAndClientId, false);
    }

    @Override
    public void close() {
        List<String> names = new ArrayList<>(nodes.keySet());
        java.util.Collections.reverse(names);
        for (String name : names) {
            try {
                nodes.remove(name).close();
            } catch (RuntimeException e) {
                // keep closing the others
            }
        }
    }

    private static void deleteRecursively(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
