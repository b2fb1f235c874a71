package io.coaptree.remotequery;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.protocol.MembershipProtocol;

/** What a gateway's view holds once a test's tree has formed: its neighbourhood among the test's gateways. */
public final class Neighbours {

    private Neighbours() {
    }

    /**
     * The names of the gateways of {@code addresses} that {@code self} follows: its replicas, parent path, children
     * and the root; at the root also the groups of a domain none of {@code addresses} serves (they hang under it).
     */
    public static Set<String> of(NodeAddress self, Collection<String> addresses) {
        Set<String> names = new TreeSet<>();
        for (String text : addresses) {
            NodeAddress other = NodeAddress.parse(text);
            NodePath domain = other.path().parent().orElse(NodePath.root());
            boolean orphan = self.path().isRoot() && !domain.isRoot()
                    && addresses.stream().noneMatch(a -> NodeAddress.parse(a).path().equals(domain));
            if (Neighbourhood.follows(self.path(), other.path()) || orphan) {
                names.add(other.name());
            }
        }
        return names;
    }

    /** Whether {@code tree} has joined and knows exactly its live neighbours among {@code addresses}. */
    public static boolean known(MembershipProtocol tree, Collection<String> addresses) {
        Set<String> seen = new TreeSet<>();
        tree.view().members().stream().filter(TreeMember::isUp).forEach(m -> seen.add(m.name()));
        return tree.state() == MembershipProtocol.State.JOINED && seen.equals(of(tree.self(), addresses));
    }
}
