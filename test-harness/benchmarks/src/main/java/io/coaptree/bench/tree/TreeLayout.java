package io.coaptree.bench.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * Which gateways a tree target boots, by a name that travels on the target's command line ({@code --layout}).
 *
 * @param name {@code testbed}, {@code chain} or {@code fleet-<n>}
 */
public record TreeLayout(String name, List<Gateway> gateways) {

    /** The first evaluation's testbed (docs/design.md): a root, three domains, two groups per domain (10 gateways). */
    public static final TreeLayout TESTBED = new TreeLayout("testbed", TreeTestbed.testbedGateways());

    /**
     * The smallest tree with the testbed's longest path: a root, two domains, one group under each (5 gateways).
     * A read from gA1 of gB1 crosses gA1 -> dA -> top -> dB -> gB1, as the testbed's gA1 -> gB2; it boots in half
     * the time, which the seed scenarios' time budget needs.
     */
    public static final TreeLayout CHAIN = new TreeLayout("chain", List.of(new Gateway(TreeHierarchy.ROOT_NAME, 0, "", ""),
            new Gateway("dA", 1, "A", ""), new Gateway("dB", 1, "B", ""),
            new Gateway("gA1", 2, "A", "1"), new Gateway("gB1", 2, "B", "1")));

    /** Domains are named A, B, ... and groups 1..9 (gateway names gA1 ... as the testbed's, which reads assume). */
    static final int MAX_DOMAINS = 26;
    static final int MAX_GROUPS_PER_DOMAIN = 9;

    public TreeLayout {
        gateways = List.copyOf(gateways);
    }

    /**
     * A tree of {@code gateways} gateways shaped like the testbed: a root, ⌊√(n−1)⌋ domains and the rest as groups
     * spread evenly over the domains (10 gives the testbed's 3 domains x 2 groups, 50 gives 7 domains x 6 groups).
     */
    public static TreeLayout fleet(int gateways) {
        if (gateways < 5) {
            throw new IllegalArgumentException("gateways: at least 5 (a root, two domains, a group under each)");
        }
        int domains = Math.max(2, (int) Math.floor(Math.sqrt(gateways - 1)));
        int groups = gateways - 1 - domains;
        if (domains > MAX_DOMAINS || (groups + domains - 1) / domains > MAX_GROUPS_PER_DOMAIN) {
            throw new IllegalArgumentException("gateways: at most " + (1 + MAX_DOMAINS + MAX_DOMAINS
                    * MAX_GROUPS_PER_DOMAIN) + " in this layout");
        }
        List<Gateway> list = new ArrayList<>();
        list.add(new Gateway(TreeHierarchy.ROOT_NAME, 0, "", ""));
        for (int d = 0; d < domains; d++) {
            String domain = Character.toString('A' + d);
            list.add(new Gateway("d" + domain, 1, domain, ""));
        }
        for (int g = 0; g < groups; g++) {
            String domain = Character.toString('A' + g % domains);
            String group = Integer.toString(g / domains + 1);
            list.add(new Gateway("g" + domain + group, 2, domain, group));
        }
        return new TreeLayout("fleet-" + gateways, list);
    }

    /** The layout a {@code --layout} value names. */
    public static TreeLayout parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.equals(TESTBED.name())) {
            return TESTBED;
        }
        if (n.equals(CHAIN.name())) {
            return CHAIN;
        }
        if (n.startsWith("fleet-")) {
            return fleet(Integer.parseInt(n.substring("fleet-".length())));
        }
        throw new IllegalArgumentException("layout: testbed, chain or fleet-<n>, not " + name);
    }

    /**
     * The layout with {@code replicas} gateways serving group B/2 (the testbed's read owner): {@code gB2}, then
     * {@code gB2b}, {@code gB2c}, ... Group B/2 must be in the layout when {@code replicas > 1}.
     */
    public List<Gateway> withReplicas(int replicas) {
        List<Gateway> all = new ArrayList<>(gateways);
        if (replicas > 1 && gateways.stream().noneMatch(g -> g.address().equals("B/2/gB2"))) {
            throw new IllegalArgumentException("the " + name().toLowerCase(java.util.Locale.ROOT)
                    + " layout has no group B/2 to replicate");
        }
        for (int i = 1; i < replicas; i++) {
            all.add(new Gateway("gB2" + (char) ('a' + i), 2, "B", "2"));
        }
        return List.copyOf(all);
    }
}
