package io.coaptree.harness.demo;

import java.io.PrintStream;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/** What the demo prints once the tree is up: every gateway's port and URIs that cross the tree. */
final class HierarchyBanner {

    private final TreeHierarchy hierarchy;
    private final String brokerUrl;

    HierarchyBanner(TreeHierarchy hierarchy, String brokerUrl) {
        this.hierarchy = hierarchy;
        this.brokerUrl = brokerUrl;
    }

    /**
     * One shell line: capture the envelope gB2 receives for a remote read through gA1, publish the same bytes again,
     * then read gB2's refusal counts. The pauses only order the steps for a person watching.
     */
    String replayCommand(int a1) {
        String port = brokerUrl.replaceAll(".*:(\\d+)/?$", "$1");
        String query = "coaptree/B/2/gB2/query";
        return "mosquitto_sub -V mqttv311 -p " + port + " -t " + query + " -C 1 -N > /tmp/coaptree-envelope & sleep 1;"
                + " coap-client-notls -m get coap://127.0.0.1:" + a1 + "/tree/B/2/gB2/temperature > /dev/null; wait;"
                + " mosquitto_pub -V mqttv311 -p " + port + " -t " + query + " -f /tmp/coaptree-envelope; sleep 1;"
                + " coap-client-notls -m get coap://127.0.0.1:" + hierarchy.coapPort("gB2") + "/tree-stats";
    }

    void print(PrintStream out) {
        out.println();
        out.println("CoAPTree hierarchy is running: MQTT broker " + brokerUrl + ", seven emulated Kura gateways.");
        out.println(String.format("  %-6s %-8s %-12s %s", "name", "level", "address", "CoAP"));
        for (TreeHierarchy.Gateway g : hierarchy.gateways()) {
            out.println(String.format("  %-6s %-8s %-12s coap://127.0.0.1:%d", g.name(),
                    g.level() == 0 ? "root" : g.level() == 1 ? "domain" : "group", g.address(),
                    hierarchy.coapPort(g.name())));
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
        out.println("  mosquitto_sub -V mqttv311 -h 127.0.0.1 -p " + brokerUrl.replaceAll(".*:(\\d+)/?$", "$1")
                + " -t 'coaptree/+/+/+/heartbeat' -v      (the tree's heartbeats; payloads are binary)");
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
