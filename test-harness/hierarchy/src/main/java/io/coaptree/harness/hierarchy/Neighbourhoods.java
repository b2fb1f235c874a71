package io.coaptree.harness.hierarchy;

import java.util.Collection;

import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * Which gateways of a running tree a gateway's view holds once the tree has formed: its neighbourhood, the gateways
 * whose membership it follows (docs/hierarchy.md, "Membership: each gateway follows its neighbourhood"): every
 * gateway follows the root's; the root follows the domains'; a domain its own and its groups'; a group its own and
 * its domain's; and the root also holds the groups of a domain none of whose gateways runs (they heartbeat to it).
 * Written here by level, apart from the tree bundle's own rule, so a test checks the bundle against the document.
 */
final class Neighbourhoods {

    private Neighbourhoods() {
    }

    /** How many of {@code running} (itself included, if running) {@code self} follows. */
    static int count(Gateway self, Collection<Gateway> running) {
        return (int) running.stream().filter(other -> follows(self, other, running)).count();
    }

    private static boolean follows(Gateway self, Gateway other, Collection<Gateway> running) {
        if (other.level() == 0) {
            return true;
        }
        boolean sameDomain = other.domain().equals(self.domain());
        switch (self.level()) {
            case 0:
                return other.level() == 1 || running.stream()
                        .noneMatch(d -> d.level() == 1 && d.domain().equals(other.domain()));
            case 1:
                return sameDomain;
            default:
                return sameDomain && (other.level() == 1 || other.group().equals(self.group()));
        }
    }
}
