package io.coaptree.harness.hierarchy;

import java.util.ArrayList;
import java.util.List;

/**
 * A tree's gateways as the fleet inventory the broker access-list generator reads ({@code coaptree-broker-acl}:
 * {@code <name> <root|domain|group|observer> [<domain> [<group>]]} per line).
 */
public final class TreeInventory {

    private TreeInventory() {
    }

    /** @param observers names of read-only monitoring clients to list as well */
    public static List<String> lines(List<TreeHierarchy.Gateway> gateways, String... observers) {
        List<String> lines = new ArrayList<>();
        for (TreeHierarchy.Gateway g : gateways) {
            String role = g.level() == 0 ? "root" : g.level() == 1 ? "domain" : "group";
            lines.add(String.join(" ", g.name(), role, g.domain(), g.group()).trim());
        }
        for (String observer : observers) {
            lines.add(observer + " observer");
        }
        return lines;
    }
}
