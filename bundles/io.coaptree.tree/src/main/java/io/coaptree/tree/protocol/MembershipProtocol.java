package io.coaptree.tree.protocol;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.BusMessage;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Runs the membership protocol for one gateway (CTHListener in docs/design.md) and keeps its view of the tree (the
 * {@link TreeCollections}).
 * <p>
 * Every gateway subscribes to the join, heartbeat, leave and last-will topics of the whole tree, so every
 * gateway holds the same view and computes the same effective tree; there is no coordinator to fail.
 * <ul>
 * <li>Join: the node publishes a {@link TreeMessage.JoinRequest} and listens for a {@link TreeMessage.JoinRefused}
 * during the join window; members answer the request with an immediate heartbeat, so the newcomer's view is
 * filled when the window closes. A member that is up under the same name (another incarnation) refuses.</li>
 * <li>A node becomes a member everywhere with its first heartbeat.</li>
 * <li>Failure: a member whose heartbeats stop for the failure timeout, or whose last will arrives, is marked
 * down in the next tick; paths re-attach to their nearest live ancestor at once. A heartbeat from it marks it up
 * again and the tree heals; a restart (new incarnation) replaces it.</li>
 * <li>Leave removes the member.</li>
 * </ul>
 * Time only moves in {@link #tick()}, which the owner calls from ONE scheduler at the tick interval (tests call it
 * with a manual clock). Thread-safe: state changes under one lock; publishing and listener calls happen after it
 * is released, so a synchronous bus cannot re-enter a half-done update.
 */
public final class MembershipProtocol {

    public enum State {
        CREATED, JOINING, JOINED, REFUSED, STOPPED
    }

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    /**
     * The incarnation of a last will configured as text (an empty payload on the node's {@code lwt} topic, as the
     * MQTT transport's {@code lwt.*} settings can express it): it marks down whatever incarnation is current. A
     * stale one at worst marks a live member down until its next heartbeat.
     */
    private static final long ANY_INCARNATION = -1;

    private static final TopicKind[] MEMBERSHIP_KINDS = { TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE,
            TopicKind.LWT };

    private final TreeOptions options;
    private final Clock clock;
    private final NodeAddress self;
    private final long incarnation;
    private final TreeTopics topics;
    private final TreeMessageCodec codec;
    private final MembershipWire wire;
    private final DroppedMessages droppedMessages;
    private final List<MembershipListener> listeners = new CopyOnWriteArrayList<>();

    private final Object lock = new Object();
    // Guarded by lock.
    private final TreeCollections tree = new TreeCollections();
    private State state = State.CREATED;
    private String refusal;
    private long joinWindowEnd;
    private long nextHeartbeat;
    private MessageBus bus;

    private volatile TreeView published = new TreeCollections();

    /** A protocol engine that counts its own dropped messages (tests; the component shares one per gateway). */
    public MembershipProtocol(TreeOptions options, Clock clock) {
        this(options, clock, new DroppedMessages(clock, options.refusalWarnIntervalMillis()));
    }

    /** @param droppedMessages where messages on the tree's topics that cannot be used are counted and logged */
    public MembershipProtocol(TreeOptions options, Clock clock, DroppedMessages droppedMessages) {
        this.droppedMessages = Objects.requireNonNull(droppedMessages, "droppedMessages");
        this.options = Objects.requireNonNull(options, "options");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.self = options.self();
        this.incarnation = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
        this.topics = new TreeTopics(options.topicPrefix());
        this.codec = new TreeMessageCodec(options.maxMessageBytes());
        this.wire = new MembershipWire(topics, codec);
    }

    public NodeAddress self() {
        return self;
    }

    public long incarnation() {
        return incarnation;
    }

    public TreeTopics topics() {
        return topics;
    }

    public TreeOptions options() {
        return options;
    }

    /** The message to register as the MQTT last will when connecting the bus this protocol is started on. */
    public BusMessage lastWill() {
        return wire.lastWill(self, incarnation);
    }

    public void addListener(MembershipListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(MembershipListener listener) {
        listeners.remove(listener);
    }

    public State state() {
        synchronized (lock) {
            return state;
        }
    }

    /** Why the join was refused, if it was. */
    public Optional<String> refusal() {
        synchronized (lock) {
            return Optional.ofNullable(refusal);
        }
    }

    /** The messages dropped on the tree's topics (and on remote queries' ones, which share the counter). */
    public DroppedMessages droppedMessages() {
        return droppedMessages;
    }

    /** The current snapshot: immutable, safe to keep and to read from any thread. */
    public TreeView view() {
        return published;
    }

    /** Subscribes and asks to join; the join completes in the first {@link #tick()} after the join window. */
    public void start(MessageBus messageBus) {
        synchronized (lock) {
            if (state != State.CREATED) {
                throw new IllegalStateException("already started: " + state);
            }
            bus = Objects.requireNonNull(messageBus, "messageBus");
            state = State.JOINING;
            joinWindowEnd = clock.millis() + options.joinWindowMillis();
        }
        for (TopicKind kind : MEMBERSHIP_KINDS) {
            messageBus.subscribe(topics.everyNode(kind), this::onMessage);
        }
        messageBus.subscribe(topics.topic(self, TopicKind.CONTROL), this::onMessage);
        wire.send(messageBus, List.of(new TreeMessage.JoinRequest(self, incarnation, options.coapEndpoint(),
                options.brokerName())));
    }

    /** Leaves the tree (when joined) and unsubscribes. */
    public void stop() {
        MessageBus b;
        boolean wasJoined;
        synchronized (lock) {
            if (state == State.CREATED || state == State.STOPPED) {
                state = State.STOPPED;
                return;
            }
            wasJoined = state == State.JOINED;
            state = State.STOPPED;
            b = bus;
        }
        if (wasJoined) {
            wire.send(b, List.of(new TreeMessage.Leave(self, incarnation)));
        }
        for (TopicKind kind : MEMBERSHIP_KINDS) {
            b.unsubscribe(topics.everyNode(kind));
        }
        b.unsubscribe(topics.topic(self, TopicKind.CONTROL));
    }

    /** Completes the join, sends due heartbeats, marks silent members down, forgets long-dead ones. */
    public void tick() {
        List<TreeMessage> out = new ArrayList<>();
        List<TreeChange> changes = new ArrayList<>();
        boolean justJoined = false;
        MessageBus b;
        synchronized (lock) {
            b = bus;
            long now = clock.millis();
            if (state == State.JOINING && now >= joinWindowEnd) {
                state = State.JOINED;
                justJoined = true;
                TreeMember me = new TreeMember(self, incarnation, options.coapEndpoint(), options.brokerName(),
                        Liveness.UP, now);
                tree.put(me);
                changes.add(TreeChange.of(TreeChange.Kind.JOINED, me));
                nextHeartbeat = now;
                LOG.info("{} joined the tree ({} members known)", self, tree.size());
            }
            if (state != State.JOINED) {
                return;
            }
            if (now >= nextHeartbeat) {
                out.add(heartbeat());
                nextHeartbeat = now + options.heartbeatIntervalMillis();
                tree.member(self.name()).ifPresent(me -> tree.put(me.seenAt(now)));
            }
            for (TreeMember member : new ArrayList<>(tree.members())) {
                if (member.name().equals(self.name())) {
                    continue;
                }
                long silence = now - member.lastSeenMillis();
                if (member.isUp() && silence > options.failureTimeoutMillis()) {
                    tree.put(member.withLiveness(Liveness.DOWN));
                    changes.add(TreeChange.of(TreeChange.Kind.DOWN, member));
                    LOG.warn("{} is down: no heartbeat for {} ms", member.address(), silence);
                } else if (!member.isUp() && silence > options.forgetAfterMillis()) {
                    tree.remove(member.name());
                    changes.add(TreeChange.of(TreeChange.Kind.LEFT, member));
                }
            }
            publishIfChanged(changes);
        }
        wire.send(b, out);
        if (justJoined) {
            TreeView view = published;
            listeners.forEach(l -> l.joined(view));
        }
        notifyChanged(changes);
    }

    private TreeMessage heartbeat() {
        return new TreeMessage.Heartbeat(self, incarnation, options.coapEndpoint(), options.brokerName());
    }

    /** Entry point for every message of the subscriptions made in {@link #start(MessageBus)}. */
    public void onMessage(String topic, byte[] payload) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        if (parsed.isEmpty()) {
            droppedMessages.drop(DropReason.TOPIC_MISMATCH, topic, null, payload.length, "not a tree topic");
            return;
        }
        // A membership topic names the node the message is about, i.e. the sender it claims to be; a ctl topic
        // names the addressee instead, and its sender is not told.
        String claimedSender = parsed.get().kind() == TopicKind.CONTROL ? null : parsed.get().node().text();
        TreeMessage message;
        try {
            message = parsed.get().kind() == TopicKind.LWT && payload.length == 0
                    ? new TreeMessage.LastWill(parsed.get().node(), ANY_INCARNATION)
                    : codec.decode(payload);
        } catch (TreeCodecException e) {
            droppedMessages.drop(e.reason(), topic, claimedSender, payload.length, e.getMessage());
            return;
        }
        if (!message.node().equals(parsed.get().node()) || message.topicKind() != parsed.get().kind()) {
            droppedMessages.drop(DropReason.TOPIC_MISMATCH, topic, claimedSender, payload.length,
                    "a " + message.getClass().getSimpleName() + " of " + message.node().text());
            return;
        }
        List<TreeMessage> out = new ArrayList<>();
        List<TreeChange> changes = new ArrayList<>();
        String refusedBecause = null;
        MessageBus b;
        synchronized (lock) {
            b = bus;
            if (state != State.JOINING && state != State.JOINED) {
                return;
            }
            long now = clock.millis();
            if (message instanceof TreeMessage.JoinRequest m) {
                onJoinRequest(m, out);
            } else if (message instanceof TreeMessage.JoinRefused m) {
                if (m.incarnation() == incarnation) {
                    refusedBecause = refuse(m.reason(), changes);
                }
            } else if (message instanceof TreeMessage.Heartbeat m) {
                refusedBecause = onHeartbeat(m, now, changes);
            } else if (message instanceof TreeMessage.Leave m) {
                forget(m.node().name(), m.incarnation(), TreeChange.Kind.LEFT, changes);
            } else if (message instanceof TreeMessage.LastWill m) {
                forget(m.node().name(), m.incarnation(), TreeChange.Kind.DOWN, changes);
            }
            publishIfChanged(changes);
        }
        wire.send(b, out);
        if (refusedBecause != null) {
            String reason = refusedBecause;
            listeners.forEach(l -> l.refused(reason));
        }
        notifyChanged(changes);
    }

    private void onJoinRequest(TreeMessage.JoinRequest m, List<TreeMessage> out) {
        if (state != State.JOINED) {
            return;
        }
        boolean sameName = m.node().name().equals(self.name());
        if (sameName && m.incarnation() != incarnation) {
            out.add(new TreeMessage.JoinRefused(m.node(), m.incarnation(), "node name '" + self.name()
                    + "' is already in use by the live gateway " + self + "; configure a unique tree.node.name"));
        } else if (!sameName) {
            // Welcome the newcomer with our heartbeat, so its view is complete when its join window closes.
            out.add(heartbeat());
        }
    }

    private String refuse(String reason, List<TreeChange> changes) {
        if (state == State.JOINED) {
            tree.remove(self.name()).ifPresent(me -> changes.add(TreeChange.of(TreeChange.Kind.LEFT, me)));
        }
        state = State.REFUSED;
        refusal = reason;
        LOG.error("{}: join refused: {}", self, reason);
        return reason;
    }

    private String onHeartbeat(TreeMessage.Heartbeat m, long now, List<TreeChange> changes) {
        String name = m.node().name();
        if (name.equals(self.name())) {
            if (m.incarnation() != incarnation && state == State.JOINING) {
                // The live owner of our name is heartbeating: its refusal may be lost, the conclusion is the same.
                return refuse("node name '" + name + "' is already in use by the live gateway " + m.node()
                        + "; configure a unique tree.node.name", changes);
            }
            return null;
        }
        Optional<TreeMember> known = tree.member(name);
        TreeMember fresh = new TreeMember(m.node(), m.incarnation(), m.coapEndpoint(), m.broker(), Liveness.UP, now);
        if (known.isEmpty()) {
            if (tree.size() >= options.maxMembers()) {
                LOG.warn("ignoring {}: the tree already has tree.max.members={} members", m.node(), options.maxMembers());
                return null;
            }
            tree.put(fresh);
            changes.add(TreeChange.of(TreeChange.Kind.JOINED, fresh));
        } else if (known.get().incarnation() == m.incarnation()) {
            tree.put(known.get().seenAt(now).withLiveness(Liveness.UP));
            if (!known.get().isUp()) {
                changes.add(TreeChange.of(TreeChange.Kind.UP, fresh));
                LOG.info("{} is up again", m.node());
            }
        } else if (!known.get().isUp()) {
            // A restart: the new incarnation replaces the dead one.
            tree.put(fresh);
            changes.add(TreeChange.of(TreeChange.Kind.JOINED, fresh));
        } else {
            LOG.warn("ignoring heartbeats of {}: the name is held by the live {}", m.node(), known.get().address());
        }
        return null;
    }

    private void forget(String name, long messageIncarnation, TreeChange.Kind kind, List<TreeChange> changes) {
        Optional<TreeMember> known = tree.member(name);
        if (known.isEmpty() || name.equals(self.name())
                || (messageIncarnation != ANY_INCARNATION && known.get().incarnation() != messageIncarnation)) {
            return;
        }
        if (kind == TreeChange.Kind.LEFT) {
            tree.remove(name);
            changes.add(TreeChange.of(kind, known.get()));
        } else if (known.get().isUp()) {
            tree.put(known.get().withLiveness(Liveness.DOWN));
            changes.add(TreeChange.of(kind, known.get()));
            LOG.warn("{} is down: its last will arrived", known.get().address());
        }
    }

    private void publishIfChanged(List<TreeChange> changes) {
        if (!changes.isEmpty()) {
            changes.addAll(tree.reattach());
            published = tree.copy();
        }
    }

    private void notifyChanged(List<TreeChange> changes) {
        if (!changes.isEmpty()) {
            TreeView view = published;
            List<TreeChange> copy = List.copyOf(changes);
            listeners.forEach(l -> l.changed(view, copy));
        }
    }
}
