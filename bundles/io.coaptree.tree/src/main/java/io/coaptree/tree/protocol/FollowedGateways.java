package io.coaptree.tree.protocol;

import java.util.ArrayList;
import java.util.List;

import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Keeps one gateway's membership to its neighbourhood ({@link Neighbourhood}): the topic filters it subscribes to,
 * the root's gateways it heartbeats to while it hangs under the root, and the members that have left its
 * neighbourhood, which it forgets rather than marks down (a group the root took in while its domain was down goes
 * back under its domain and stops heartbeating to the root; it is not down). Not thread-safe: the protocol calls it
 * under its lock, except {@link #subscribe} and {@link #unsubscribe}.
 */
final class FollowedGateways {

    static final TopicKind[] MEMBERSHIP_KINDS = { TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE,
            TopicKind.LWT };

    private final NodeAddress self;
    private final TreeTopics topics;
    private boolean adopted;

    FollowedGateways(NodeAddress self, TreeTopics topics) {
        this.self = self;
        this.topics = topics;
    }

    /** The filters of every membership kind this gateway hears, e.g. {@code coaptree/A/+/+/heartbeat}. */
    List<String> filters() {
        List<String> filters = new ArrayList<>();
        for (String paths : Neighbourhood.subscriptions(self.path())) {
            for (TopicKind kind : MEMBERSHIP_KINDS) {
                filters.add(topics.prefix() + "/" + paths + "/+/" + kind.level());
            }
        }
        return filters;
    }

    void subscribe(MessageBus bus, MessageHandler handler) {
        filters().forEach(filter -> bus.subscribe(filter, handler));
    }

    void unsubscribe(MessageBus bus) {
        filters().forEach(bus::unsubscribe);
    }

    /**
     * The root's live gateways when this gateway hangs under the root without the root following it by
     * subscription (a group whose domain has no live replica): its heartbeats and its leave go to their {@code ctl}
     * topics too. Empty otherwise.
     */
    List<NodeAddress> adopters(TreeCollections tree) {
        if (!Neighbourhood.adoptedByRoot(self.path(), tree)) {
            return List.of();
        }
        return tree.liveReplicas(NodePath.root()).stream().map(TreeMember::address).toList();
    }

    /**
     * The root's gateways this gateway's heartbeat goes to as well: while it hangs under the root, with every
     * heartbeat ({@code beat}), and at once when it comes to hang there, so the root takes it in without waiting a
     * heartbeat interval. Empty unless {@code joined}.
     */
    List<NodeAddress> adoptersToTell(TreeCollections tree, boolean joined, boolean beat) {
        List<NodeAddress> adopters = joined ? adopters(tree) : List.of();
        boolean newlyAdopted = !adopters.isEmpty() && !adopted;
        adopted = !adopters.isEmpty();
        return beat || newlyAdopted ? adopters : List.of();
    }

    /** A membership message of another gateway on this gateway's own ctl topic (a group the root took in). */
    boolean viaControl(String topic, TreeMessage message) {
        return message.topicKind() != TopicKind.CONTROL && topic.equals(topics.topic(self, TopicKind.CONTROL));
    }

    /**
     * Whether this gateway takes a membership message of {@code node} that came to its {@code ctl} topic: only the
     * root takes one, of a group whose domain it knows no live replica of.
     */
    boolean takesFromControl(NodeAddress node, TreeCollections tree) {
        return self.path().isRoot() && !node.path().isRoot() && outsideButAdopted(node.path(), tree);
    }

    /**
     * Forgets the members that are no longer this gateway's neighbours: groups the root took in whose domain has a
     * live replica again. Reported as having left, so the effective tree is recomputed without them.
     */
    void forgetStrangers(TreeCollections tree, FailureDetector failures, List<TreeChange> changes) {
        for (TreeMember member : new ArrayList<>(tree.members())) {
            NodePath path = member.path();
            if (!Neighbourhood.follows(self.path(), path) && !outsideButAdopted(path, tree)) {
                tree.remove(member.name());
                failures.forget(member.name());
                changes.add(TreeChange.of(TreeChange.Kind.LEFT, member));
            }
        }
    }

    /** At the root: a group of a domain none of whose replicas is live, which therefore hangs under the root. */
    private boolean outsideButAdopted(NodePath path, TreeCollections tree) {
        return self.path().isRoot() && path.parent().map(domain -> !domain.isRoot() && !tree.isLive(domain))
                .orElse(false);
    }
}
