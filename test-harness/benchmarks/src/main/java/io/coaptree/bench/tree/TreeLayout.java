package io.coaptree.bench.tree;

import java.util.ArrayList;
import java.util.List;

import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/** Which gateways a tree target boots. */
public enum TreeLayout {

    /** The design's testbed: a root, three domains, two groups per domain (10 gateways). */
    TESTBED(TreeTestbed.gateways()),

    /**
     * The smallest tree with the testbed's longest path: a root, two domains, one group under each (5 gateways).
     * A read from gA1 of gB1 crosses gA1 -> dA -> top -> dB -> gB1, as the testbed's gA1 -> gB2; it boots in half
     * the time, which the seed scenarios' time budget needs.
     */
    CHAIN(List.of(new Gateway(TreeHierarchy.ROOT_NAME, 0, "", ""),
            new Gateway("dA", 1, "A", ""), new Gateway("dB", 1, "B", ""),
            new Gateway("gA1", 2, "A", "1"), new Gateway("gB1", 2, "B", "1")));

    private final List<Gateway> gateways;

    TreeLayout(List<Gateway> gateways) {
        this.gateways = gateways;
    }

    public List<Gateway> gateways() {
        return gateways;
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
