package io.coaptree.tree.topics;

import java.util.Objects;
import java.util.Optional;

import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

/**
 * The topic scheme: {@code <prefix>/<domain>/<group>/<node>/<kind>}, where an absent domain or group is written
 * {@code -}. The fixed depth keeps wildcards exact:
 * <ul>
 * <li>{@code coaptree/A/#}: everything in domain A (its domain nodes and all its groups);</li>
 * <li>{@code coaptree/A/g1/#}: group g1 of domain A;</li>
 * <li>{@code coaptree/-/-/#}: the root nodes;</li>
 * <li>{@code coaptree/+/+/+/heartbeat}: every heartbeat in the tree;</li>
 * <li>{@code coaptree/A/g1/n3/+}: everything addressed to or published by node n3.</li>
 * </ul>
 */
public final class TreeTopics {

    private final String prefix;

    public TreeTopics(String prefix) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    public String prefix() {
        return prefix;
    }

    public String topic(NodeAddress node, TopicKind kind) {
        return prefix + "/" + node.text() + "/" + kind.level();
    }

    /** All topics of one kind across the tree, e.g. every heartbeat. */
    public String everyNode(TopicKind kind) {
        return prefix + "/+/+/+/" + kind.level();
    }

    /** Everything published in a subtree; the root's subtree is the whole tree. */
    public String subtree(NodePath path) {
        switch (path.level()) {
            case ROOT:
                return prefix + "/#";
            case DOMAIN:
                return prefix + "/" + path.domain() + "/#";
            default:
                return prefix + "/" + path.segments() + "/#";
        }
    }

    /** Reads a topic of this scheme; empty for anything else (other prefix, bad names, unknown kind). */
    public Optional<ParsedTopic> parse(String topic) {
        if (topic == null || !topic.startsWith(prefix + "/")) {
            return Optional.empty();
        }
        String[] levels = topic.substring(prefix.length() + 1).split("/", -1);
        if (levels.length != 4) {
            return Optional.empty();
        }
        Optional<TopicKind> kind = TopicKind.fromLevel(levels[3]);
        if (kind.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ParsedTopic(
                    NodeAddress.of(NodePath.fromSegments(levels[0], levels[1]), levels[2]), kind.get()));
        } catch (InvalidNodeException e) {
            return Optional.empty();
        }
    }

    /** A topic of this scheme, read back. */
    public record ParsedTopic(NodeAddress node, TopicKind kind) {
    }
}
