package io.coaptree.remotequery.sync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * The parent side: what each child sent (its set, epoch and version), applied to the gateway's directory through a
 * {@link ChildDirectory}. Only gateways below this one are accepted. Every replica of a child path keeps its own set
 * here while it is attached to this gateway ({@link TreeView#parentReplica}). A child that is no longer a live child
 * of this gateway (down, gone, or attached elsewhere) is forgotten after the grace period; a replica that failed
 * while another replica still serves its path is kept for the (longer) replica retention instead, so the devices
 * registered at it stay in every lookup until it returns. Each resource is listed once: a kept set lists only what no
 * child attached here lists itself, and a child that moved under another child of ours goes as soon as that child's
 * set carries it. A child that restarted, or sent its full set again after a resync, keeps what was listed of it
 * until its new set carries that too (or the grace period ends): a set above the message limit arrives in parts. A
 * message the child sent again because its ack was lost is acknowledged again and changes nothing. Registrations
 * are refreshed before they would expire. Not thread-safe: {@link RdSync} serialises calls.
 */
final class ChildSets {

    private static final class Held {
        final NodeAddress child;
        long epoch;
        long version;
        Set<String> links;
        /** The targets of {@link #links}, to compare sets by resource. */
        Set<String> targets = Set.of();
        /** What the directory lists of this child: its links, less those a live child of ours lists now. */
        Set<String> listed;
        /**
         * The set of the child's previous start, listed beside its new set where that does not carry it yet, until
         * {@link #previousUntil} at the latest: a gateway that restarts sends its own resources before its children
         * sent it theirs again, and those must not go missing up here meanwhile.
         */
        Set<String> previous;
        long previousUntil;
        long lastAttached;
        long lastPut;

        Held(NodeAddress child) {
            this.child = child;
        }
    }

    private final NodeAddress self;
    private final ChildDirectory directory;
    private final long graceMillis;
    private final long retentionMillis;
    private final long refreshMillis;
    private final Map<String, Held> held = new HashMap<>();
    private final ReturningChildren returning;
    private final EarlyChildren early;

    /** @param askEveryMillis how often a child that came back without sending its set is asked for it */
    ChildSets(NodeAddress self, ChildDirectory directory, long graceMillis, long retentionMillis,
            long refreshMillis, long askEveryMillis) {
        this.self = self;
        this.returning = new ReturningChildren(self, askEveryMillis);
        this.early = new EarlyChildren(self, askEveryMillis);
        this.directory = directory;
        this.graceMillis = graceMillis;
        this.retentionMillis = Math.max(graceMillis, retentionMillis);
        this.refreshMillis = refreshMillis;
    }

    /** @return the answer to publish to the sender, if any */
    Optional<SyncMessage> onFull(SyncMessage.Full full, TreeView view, long now) {
        if (!below(full.sender(), view)) {
            cameEarly(full.sender(), full.epoch(), view, now);
            return Optional.empty();
        }
        returning.heard(full.sender());
        early.heard(full.sender());
        Held h = held.get(full.sender().name());
        if (h == null || !h.child.equals(full.sender())) {
            if (h != null) {
                directory.remove(h.child);
            }
            h = new Held(full.sender());
            held.put(full.sender().name(), h);
        }
        if (alreadyApplied(h, full.epoch(), full.version())) {
            return Optional.of(new SyncMessage.Ack(self, full.epoch(), full.version()));
        }
        Set<String> links = new LinkedHashSet<>(full.links());
        if (LinkSet.digest(links) != full.digest()) {
            return Optional.of(new SyncMessage.Resync(self, full.epoch()));
        }
        if (h.links != null) {
            // A restart, or a full set after a resync: the new set may come in parts, so what was listed stays
            // beside it until it carries that too.
            h.previous = h.previous == null ? h.links : union(h.previous, h.links);
            h.previousUntil = now + graceMillis;
        }
        h.epoch = full.epoch();
        h.version = full.version();
        h.lastAttached = now;
        apply(h, links, view, now);
        return Optional.of(new SyncMessage.Ack(self, full.epoch(), full.version()));
    }

    Optional<SyncMessage> onDelta(SyncMessage.Delta delta, TreeView view, long now) {
        if (!below(delta.sender(), view)) {
            cameEarly(delta.sender(), delta.epoch(), view, now);
            return Optional.empty();
        }
        returning.heard(delta.sender());
        early.heard(delta.sender());
        Held h = held.get(delta.sender().name());
        if (h != null && h.child.equals(delta.sender()) && alreadyApplied(h, delta.epoch(), delta.version())) {
            return Optional.of(new SyncMessage.Ack(self, delta.epoch(), delta.version()));
        }
        if (h == null || !h.child.equals(delta.sender()) || h.links == null || h.epoch != delta.epoch()
                || h.version != delta.baseVersion()) {
            return Optional.of(new SyncMessage.Resync(self, delta.epoch()));
        }
        Set<String> links = new LinkedHashSet<>(h.links);
        delta.removed().forEach(links::remove);
        links.addAll(delta.added());
        if (LinkSet.digest(links) != delta.digest()) {
            return Optional.of(new SyncMessage.Resync(self, delta.epoch()));
        }
        h.version = delta.version();
        h.lastAttached = now;
        apply(h, links, view, now);
        return Optional.of(new SyncMessage.Ack(self, delta.epoch(), delta.version()));
    }

    /**
     * Whether {@code h} holds that version already: the child sent the message again because the ack was lost (a
     * reconnection, an ack timeout). Versions are unique within an epoch, so it is the same message.
     */
    private static boolean alreadyApplied(Held h, long epoch, long version) {
        return h.links != null && h.epoch == epoch && h.version == version;
    }

    private void apply(Held h, Set<String> links, TreeView view, long now) {
        h.links = links;
        h.targets = targetsOf(links);
        List<Held> attached = new ArrayList<>();
        for (Held other : held.values()) {
            if (attachedHere(other.child, view)) {
                attached.add(other);
            }
        }
        list(h, listing(h, attached, attached.contains(h), now), now);
        forgetCarriedBelow(view);
    }

    /**
     * Forgets at once the children whose sets a set that just arrived now carries (see {@link #carriedBelow}): left
     * to the next tick, their resources would be listed twice meanwhile, and a tick comes late on a busy gateway.
     */
    private void forgetCarriedBelow(TreeView view) {
        List<Held> carried = held.values().stream().filter(o -> carriedBelow(o, view)).toList();
        for (Held o : carried) {
            held.remove(o.child.name());
            directory.remove(o.child);
        }
    }

    /**
     * Forgets children past the grace period, lists each resource once, and refreshes the registrations of the
     * others.
     */
    void tick(TreeView view, long now) {
        List<Held> forget = new ArrayList<>();
        List<Held> attached = new ArrayList<>();
        List<Held> kept = new ArrayList<>();
        for (Held h : held.values()) {
            if (attachedHere(h.child, view)) {
                h.lastAttached = now;
                attached.add(h);
            } else if (carriedBelow(h, view)) {
                forget.add(h);
            } else if (now - h.lastAttached > keepFor(h.child, view)) {
                forget.add(h);
                if (h.links != null) {
                    returning.forgot(h.child, h.epoch);
                }
            } else {
                kept.add(h);
            }
        }
        for (Held h : forget) {
            held.remove(h.child.name());
            directory.remove(h.child);
        }
        for (Held h : attached) {
            list(h, listing(h, attached, true, now), now);
        }
        for (Held h : kept) {
            list(h, listing(h, attached, false, now), now);
        }
    }

    /**
     * What to list of {@code h}: its links, with what of its previous start's set neither its new one nor any other
     * child's set here carries yet; of a child kept past its attachment, only what no child attached here lists.
     */
    private Set<String> listing(Held h, List<Held> attached, boolean isAttached, long now) {
        if (h.links == null) {
            return null;
        }
        Set<String> wanted = h.links;
        if (h.previous != null && (now >= h.previousUntil || h.targets.containsAll(targetsOf(h.previous)))) {
            h.previous = null;
        }
        if (h.previous != null) {
            wanted = new LinkedHashSet<>(h.links);
            for (String link : h.previous) {
                String target = target(link);
                if (!h.targets.contains(target)
                        && held.values().stream().noneMatch(o -> o != h && o.targets.contains(target))) {
                    wanted.add(link);
                }
            }
        }
        return isAttached ? wanted : notListedBy(attached, wanted);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    /** Lists {@code links} for {@code h} if they differ from what is listed, or refreshes them when due. */
    private void list(Held h, Set<String> links, long now) {
        if (links == null) {
            return;
        }
        if (!links.equals(h.listed) || now - h.lastPut >= refreshMillis) {
            h.listed = links;
            h.lastPut = now;
            directory.put(h.child, links);
        }
    }

    /**
     * The links of a child kept past its attachment (a domain that failed, its groups now attached here) less those
     * whose resource a child attached here lists itself: each resource is listed once, by the gateway that serves
     * it now, and the kept set still lists what nobody else does (devices registered at the failed gateway).
     */
    private static Set<String> notListedBy(List<Held> attached, Set<String> links) {
        if (links == null || attached.isEmpty()) {
            return links;
        }
        Set<String> left = new LinkedHashSet<>();
        for (String link : links) {
            String target = target(link);
            if (attached.stream().noneMatch(a -> a.targets.contains(target))) {
                left.add(link);
            }
        }
        return left;
    }

    /**
     * Whether another child of this gateway above {@code h} carries every resource of {@code h} in its set: a group
     * that now hangs under its domain again (after a cold start where the group joined first, or after the domain's
     * restart), or a group that stopped while the set of its domain, stopped too, is kept here. Its own copy here
     * would then list each resource twice (a paged lookup would return it twice) until the grace period ends; it
     * goes at once instead. A child attached here keeps its own copy. Resources are compared by target: the set that
     * carries them may give them other attributes.
     */
    private boolean carriedBelow(Held h, TreeView view) {
        if (h.links == null || attachedHere(h.child, view)) {
            return false;
        }
        NodePath path = h.child.path();
        for (Held via : held.values()) {
            if (via != h && via.links != null && !via.child.path().equals(path) && via.child.path().contains(path)
                    && via.targets.containsAll(h.targets)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> targetsOf(Set<String> links) {
        Set<String> targets = new HashSet<>();
        links.forEach(link -> targets.add(target(link)));
        return targets;
    }

    /** The target of a link in link-format, {@code <...>}, as the sets carry them. */
    private static String target(String link) {
        int end = link.indexOf('>');
        return end < 0 ? link : link.substring(0, end + 1);
    }

    /**
     * The resyncs to send now, by recipient: to children that came back after their sets were forgotten, and to
     * children whose set came before they were members here.
     */
    Map<NodeAddress, SyncMessage> resyncsDue(TreeView view, long now) {
        Map<NodeAddress, SyncMessage> due = new LinkedHashMap<>(returning.due(view, c -> attachedHere(c, view), now));
        due.putAll(early.due(view, c -> attachedHere(c, view), now));
        return due;
    }

    /** A set from a gateway of a path below this one that is not a member here yet: it is asked again when it is. */
    private void cameEarly(NodeAddress sender, long epoch, TreeView view, long now) {
        if (pathBelow(sender) && view.member(sender).isEmpty()) {
            early.cameEarly(sender, epoch, now);
        }
    }

    /** Whether this gateway's directory has the set of {@code member} (so its subtree needs no fan-out). */
    boolean holds(TreeMember member) {
        Held h = held.get(member.name());
        return h != null && h.links != null && h.child.equals(member.address()) && directory.registered(h.child);
    }

    /** A known member strictly below this gateway (its attachment may be changing, the grace period covers that). */
    private boolean below(NodeAddress sender, TreeView view) {
        return pathBelow(sender) && view.member(sender).isPresent();
    }

    private boolean pathBelow(NodeAddress sender) {
        return !sender.path().equals(self.path()) && self.path().contains(sender.path());
    }

    private boolean attachedHere(NodeAddress child, TreeView view) {
        Optional<TreeMember> member = view.member(child);
        return member.isPresent() && member.get().isUp()
                && view.parentReplica(child).map(p -> p.address().equals(self)).orElse(false);
    }

    /**
     * A replica that failed or left (down, or no longer in the tree) while another replica still serves its path is
     * kept for the retention: nobody else holds what was registered at it. A child that is up but attached to another
     * parent replica (which now holds its set), or whose path nobody serves any more, is kept for the grace.
     */
    private long keepFor(NodeAddress child, TreeView view) {
        boolean stopped = view.member(child).map(m -> !m.isUp()).orElse(true);
        return stopped && !view.liveReplicas(child.path()).isEmpty() ? retentionMillis : graceMillis;
    }
}
