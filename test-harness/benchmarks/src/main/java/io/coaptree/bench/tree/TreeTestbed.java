package io.coaptree.bench.tree;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * The first evaluation's testbed (docs/design.md), as the {@code tree} scenario builds it: 10 gateways (a root, three
 * domains, two groups per domain; or a larger tree of the same shape, {@link TreeLayout#fleet}), each holding
 * {@value #BUNDLES} service bundles x {@value #DEVICES} devices x {@value #SENSORS} sensors =
 * {@value #RESOURCES_PER_GATEWAY} resources in its Resource Directory, one registration per service bundle.
 */
public final class TreeTestbed {

    public static final int BUNDLES = 20;
    static final int DEVICES = 2;
    static final int SENSORS = 10;
    public static final int RESOURCES_PER_GATEWAY = BUNDLES * DEVICES * SENSORS;
    static final String[] SENSOR_TYPES = {"temperature", "humidity", "pressure", "light", "co2", "noise", "battery",
        "rssi", "voltage", "current"};

    /** Reads one gateway's /temperature locally and through the tree from a group of the other domain. */
    static final String READ_FROM = "gA1";
    static final String READ_OWNER = "gB2";
    static final String LOCAL_PATH = "temperature";
    static final String REMOTE_PATH = "tree/B/2/gB2/temperature";

    /** A target registered by this benchmark: /{gateway}/b{bundle}/d{device}/s{sensor}, whatever the origin. */
    private static final Pattern OWN_TARGET = Pattern.compile("<[^>]*/(g[A-Z]\\d|d[A-Z]|" + TreeHierarchy.ROOT_NAME
            + ")/b\\d\\d/d\\d/s\\d\\d>");

    private TreeTestbed() {
    }

    static List<Gateway> testbedGateways() {
        return List.of(new Gateway(TreeHierarchy.ROOT_NAME, 0, "", ""),
                new Gateway("dA", 1, "A", ""), new Gateway("dB", 1, "B", ""), new Gateway("dC", 1, "C", ""),
                new Gateway("gA1", 2, "A", "1"), new Gateway("gA2", 2, "A", "2"),
                new Gateway("gB1", 2, "B", "1"), new Gateway("gB2", 2, "B", "2"),
                new Gateway("gC1", 2, "C", "1"), new Gateway("gC2", 2, "C", "2"));
    }

    static int totalResources(List<Gateway> gateways) {
        return gateways.size() * RESOURCES_PER_GATEWAY;
    }

    public static String endpointName(String gateway, int bundle) {
        return String.format(Locale.ROOT, "%s-bundle%02d", gateway, bundle);
    }

    /**
     * The links of one service bundle: {@value #DEVICES} devices x {@value #SENSORS} sensors. Targets name the
     * gateway and bundle, so that no two of the 4000 links are equal (a merged lookup drops duplicates).
     */
    public static String links(String gateway, int bundle) {
        StringBuilder links = new StringBuilder(1200);
        for (int d = 1; d <= DEVICES; d++) {
            for (int s = 0; s < SENSORS; s++) {
                if (links.length() > 0) {
                    links.append(',');
                }
                links.append(String.format(Locale.ROOT, "</%s/b%02d/d%d/s%02d>;rt=\"%s\";if=\"sensor\"", gateway,
                        bundle, d, s, SENSOR_TYPES[s]));
            }
        }
        return links.toString();
    }

    /** Distinct links of this benchmark in a link-format answer. */
    public static int countOwnLinks(String linkFormat) {
        if (linkFormat == null) {
            return 0;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        Matcher m = OWN_TARGET.matcher(linkFormat);
        while (m.find()) {
            String target = m.group();
            seen.add(target.substring(target.indexOf('/' + m.group(1) + '/')));
        }
        return seen.size();
    }

    /** All links in a link-format answer (a rough count: link starts). */
    static int countLinks(String linkFormat) {
        if (linkFormat == null) {
            return 0;
        }
        int links = 0;
        boolean quoted = false;
        for (int i = 0; i < linkFormat.length(); i++) {
            char c = linkFormat.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '<' && !quoted) {
                links++;
            }
        }
        return links;
    }
}
