package io.coaptree.harness.demo;

import java.io.PrintStream;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/** What the demo prints once the tree is up: every gateway's port and URIs that cross the tree. */
final class HierarchyBanner {

    private final TreeHierarchy hierarchy;
    private final DemoBroker broker;
    private final String brokerUrl;

    HierarchyBanner(TreeHierarchy hierarchy, DemoBroker broker) {
        this.hierarchy = hierarchy;
        this.broker = broker;
        this.brokerUrl = broker.url();
    }

    /**
     * One shell line: the read-only monitor captures the envelope gB2 receives for a remote read through gA1, then
     * the same bytes are published again with dB's own broker credentials (the worst case: an insider on the broker),
     * then gB2's refusal counts are read. The pauses only order the steps for a person watching.
     */
    String replayCommand(int a1) {
        String query = "coaptree/B/2/gB2/query";
        return "mosquitto_sub " + broker.clientOptions(broker.monitor, broker.monitorPassword) + " -t " + query
                + " -C 1 -N > /tmp/coaptree-envelope & sleep 1;"
                + " coap-client-notls -m get coap://127.0.0.1:" + a1 + "/tree/B/2/gB2/temperature > /dev/null; wait;"
                + " mosquitto_pub " + broker.clientOptions(broker.credentials.identity("dB"),
                        broker.credentials.passwords().get("dB"))
                + " -t " + query + " -f /tmp/coaptree-envelope; sleep 1;"
                + " coap-client-notls -m get coap://127.0.0.1:" + hierarchy.coapPort("gB2") + "/tree-stats";
    }

    void print(PrintStream out) {
        out.println();
        out.println("CoAPTree hierarchy is running: MQTT broker " + brokerUrl + " (TLS), seven emulated Kura gateways.");
        out.println(String.format("  %-6s %-8s %-12s %-24s %s", "name", "level", "address", "CoAP", "HTTP (Kura's Jetty)"));
        for (TreeHierarchy.Gateway g : hierarchy.gateways()) {
            out.println(String.format("  %-6s %-8s %-12s coap://127.0.0.1:%-6d %s", g.name(),
                    g.level() == 0 ? "root" : g.level() == 1 ? "domain" : "group", g.address(),
                    hierarchy.coapPort(g.name()), hierarchy.pageUrl(g.name())));
        }
        int a1 = hierarchy.coapPort("gA1");
        int b1 = hierarchy.coapPort("gB1");
        String remote = "/tree/B/2/gB2/temperature";
        out.println();
        out.println("A resource of group B/2 read through group A/1 (MQTT: A/1 -> A -> root -> B -> B/2 and back):");
        out.println("  coap://127.0.0.1:" + a1 + remote);
        out.println("The same through any other gateway, e.g. the root:");
        out.println("  coap://127.0.0.1:" + hierarchy.coapPort(TreeHierarchy.ROOT_NAME) + remote);
        out.println();
        out.println("Try them with libcoap (Debian package libcoap3-bin) or any CoAP client:");
        out.println("  coap-client-notls -m get coap://127.0.0.1:" + a1 + remote);
        out.println("  coap-client-notls -m get -s 30 coap://127.0.0.1:" + a1 + remote + "      (observe, relayed, 30 s)");
        out.println("  coap-client-notls -m get 'coap://127.0.0.1:" + b1 + "/tree-lookup/res'      (every resource of the tree;"
                + " complete once the gateways have synchronised their directories, a few seconds after start)");
        out.println("  coap-client-notls -m get 'coap://127.0.0.1:" + a1
                + "/tree-lookup/res?scope=B&rt=temp'      (temperature sensors of domain B)");
        String http = "http://127.0.0.1:" + hierarchy.httpPort("gA1") + "/coaptree";
        out.println();
        out.println("The page of the tree (gateways, resources, live values; switch with the identity below):");
        out.println("  " + hierarchy.pageUrl("gA1"));
        out.println("The same resources over HTTP (RFC 8075 mapping through Kura's web server):");
        out.println("  curl " + http + remote);
        out.println("  curl -N -H 'Accept: text/event-stream' " + http + remote + "      (Observe as server-sent events)");
        out.println("  curl -X PUT -u " + TreeHierarchy.OPERATOR + ":" + hierarchy.operatorPassword()
                + " -H 'Content-Type: text/plain' -d on " + http + "/tree/B/2/gB2/switch      (Kura identity "
                + TreeHierarchy.OPERATOR + ", generated password; without -u: 401)");
        out.println("  mosquitto_sub " + broker.clientOptions(broker.monitor, broker.monitorPassword)
                + " -t 'coaptree/+/+/+/heartbeat' -v      (the tree's heartbeats, as the read-only monitor; payloads are"
                + " signed binary)");
        out.println("The broker admits only gateways (TLS with each gateway's certificate and password, and the"
                + " generated access list); a client without them is refused.");
        out.println();
        out.println("Tree messages are signed (tree.security.mode=signature; keys and the tree CA were made at start)."
                + " A replayed envelope is refused; see it with Mosquitto's clients (Debian package mosquitto-clients):");
        out.println("  " + replayCommand(a1));
        out.println("  (captures the sealed envelope of one remote read, publishes it again, and shows gB2's refusal"
                + " counts: \"replayed\":1)");
        out.println();
        out.println("Press Ctrl-C to stop.");
    }
}
