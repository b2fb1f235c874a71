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

    void print(PrintStream out) {
        out.println();
        out.println("CoAPTree hierarchy is running: MQTT broker " + brokerUrl + ", seven emulated Kura gateways.");
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
        out.println("  mosquitto_sub -V mqttv311 -h 127.0.0.1 -p " + brokerUrl.replaceAll(".*:(\\d+)/?$", "$1")
                + " -t 'coaptree/+/+/+/heartbeat' -v      (the tree's heartbeats; payloads are binary)");
        out.println();
        out.println("Press Ctrl-C to stop.");
    }
}
