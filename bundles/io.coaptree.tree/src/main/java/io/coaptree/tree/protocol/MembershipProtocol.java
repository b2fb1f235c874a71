package io.coaptree.tree.protocol;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.BusMessage;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.JoinStatus;
import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.options.TreeOptions;
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
 * during the join window; members answer the request with a heartbeat (at most one per tick interval,
 * {@link JoinAnswers}), so the newcomer's view is filled when the window closes. A member that is up under the same
 * name (another incarnation) refuses; a refusal counts only when sealed by a holder of the name, and the refused
 * node asks again later ({@link JoinRetry}).</li>
 * <li>A node becomes a member everywhere with its first heartbeat.</li>
 * <li>Failure: a member whose heartbeats stop for the failure timeout, or whose last will arrives and no heartbeat
 * follows ({@link FailureDetector}), is marked down in a tick; paths re-attach to their nearest live ancestor at
 * once. A heartbeat from it marks it up again and the tree heals; a restart (new incarnation) replaces it.</li>
 * <li>Leave removes the member.</li>
 * </ul>
 * Time only moves in {@link #tick()}, which the owner calls from ONE scheduler at the tick interval (tests call it
 * with a manual clock). Thread-safe: state changes under one lock; publishing and listener calls happen after it
 * is released, so a synchronous bus cannot re-enter a half-done update.
 */
public final class MembershipProtocol implements MessageHandler {

    public enum State {
        CREATED, JOINING, JOINED, REFUSED, STOPPED
    }

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    private final TreeOptions options;
    private final Clock clock;
    private final NodeAddress self;
    private final long incarnation;
    private final TreeTopics topics;
    private final TreeMessageCodec codec;
    private final MembershipWire wire;
    private final MembershipInbox inbox;
    private final DroppedMessages droppedMessages;
    private final List<MembershipListener> listeners = new CopyOnWriteArrayList<>();

    private final Object lock = new Object();
    // Guarded by lock.
    private final TreeCollections tree = new TreeCollections();
    private State state = State.CREATED;
    private long joinWindowEnd;
    private long nextHeartbeat;
    private MessageBus bus;
    private final JoinRetry joinRetry;
    private final JoinAnswers joinAnswers;
    private final FailureDetector failures;
    private final MemberHeartbeats heartbeats;
    private final FollowedGateways followed;

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
        this.inbox = new MembershipInbox(self, topics, codec, droppedMessages);
        this.joinRetry = new JoinRetry(options.failureTimeoutMillis());
        this.joinAnswers = new JoinAnswers(options.tickIntervalMillis(), options.refusalWarnIntervalMillis());
        this.failures = new FailureDetector(options.heartbeatIntervalMillis(), options.tickIntervalMillis(),
                options.failureTimeoutMillis(), options.forgetAfterMillis());
        this.heartbeats = new MemberHeartbeats(tree, failures, options.maxMembers());
        this.followed = new FollowedGateways(self, topics);
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

    public State state() {
        synchronized (lock) {
            return state;
        }
    }

    /** Why the join was refused, while refused. */
    public Optional<String> refusal() {
        synchronized (lock) {
            return state == State.REFUSED ? joinRetry.reason() : Optional.empty();
        }
    }

    /** Who refused this gateway's join and when it asks again (while refused), and the join requests coalesced. */
    public JoinStatus joinStatus() {
        synchronized (lock) {
            boolean refused = state == State.REFUSED;
            return new JoinStatus(state.name(), refused ? joinRetry.refusedBy() : Optional.empty(),
                    refused ? OptionalLong.of(joinRetry.nextAttemptAt()) : OptionalLong.empty(),
                    joinAnswers.coalesced());
        }
    }

    /** The messages dropped on the tree's topics (and on other bundles' ones, which share the counter). */
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
        followed.subscribe(messageBus, this);
        messageBus.subscribe(topics.topic(self, TopicKind.CONTROL), this);
        wire.send(messageBus, List.of(joinRequest()));
    }

    private TreeMessage joinRequest() {
        return new TreeMessage.JoinRequest(self, incarnation, options.coapEndpoint(), options.brokerName());
    }

    /** Leaves the tree (when joined) and unsubscribes. */
    public void stop() {
        MessageBus b;
        boolean wasJoined;
        List<NodeAddress> adopters;
        synchronized (lock) {
            if (state == State.CREATED || state == State.STOPPED) {
                state = State.STOPPED;
                return;
            }
            wasJoined = state == State.JOINED;
            state = State.STOPPED;
            b = bus;
            adopters = followed.adopters(tree);
        }
        if (wasJoined) {
            TreeMessage leave = new TreeMessage.Leave(self, incarnation);
            wire.send(b, List.of(leave));
            wire.sendTo(b, adopters, leave);
        }
        followed.unsubscribe(b);
        b.unsubscribe(topics.topic(self, TopicKind.CONTROL));
    }

    /** Completes the join, sends due heartbeats, marks silent members down, forgets long-dead ones. */
    public void tick() {
        List<TreeMessage> out = new ArrayList<>();
        List<TreeChange> changes = new ArrayList<>();
        boolean justJoined = false;
        MessageBus b;
        List<NodeAddress> adopters = List.of();
        synchronized (lock) {
            b = bus;
            long now = clock.millis();
            if (state == State.REFUSED && joinRetry.due(now)) {
                state = State.JOINING;
                joinWindowEnd = now + options.joinWindowMillis();
                out.add(joinRequest());
                LOG.info("{} asks to join again", self);
            }
            if (state == State.JOINING && now >= joinWindowEnd) {
                state = State.JOINED;
                justJoined = true;
                joinRetry.joined();
                TreeMember me = new TreeMember(self, incarnation, options.coapEndpoint(), options.brokerName(),
                        Liveness.UP, now);
                tree.put(me);
                changes.add(TreeChange.of(TreeChange.Kind.JOINED, me));
                nextHeartbeat = now;
                LOG.info("{} joined the tree ({} members known)", self, tree.size());
            }
            boolean beat = false;
            if (state == State.JOINED) {
                beat = beatAndDetectFailures(now, out, changes);
            }
            publishIfChanged(changes);
            adopters = followed.adoptersToTell(tree, state == State.JOINED, beat);
        }
        wire.send(b, out);
        wire.sendTo(b, adopters, heartbeat());
        if (justJoined) {
            TreeView view = published;
            listeners.forEach(l -> l.joined(view));
        }
        notifyChanged(changes);
    }

    /** @return whether a heartbeat is due and was added to {@code out} */
    private boolean beatAndDetectFailures(long now, List<TreeMessage> out, List<TreeChange> changes) {
        boolean beat = now >= nextHeartbeat || joinAnswers.heartbeatDue(now);
        if (beat) {
            out.add(heartbeat());
            joinAnswers.heartbeatSent(now);
            nextHeartbeat = now + options.heartbeatIntervalMillis();
            tree.member(self.name()).ifPresent(me -> tree.put(me.seenAt(now)));
        }
        joinAnswers.logCoalesced(now, self.text());
        failures.detect(tree, self.name(), now, changes);
        return beat;
    }


    private TreeMessage heartbeat() {
        return new TreeMessage.Heartbeat(self, incarnation, options.coapEndpoint(), options.brokerName());
    }

    @Override // a message of the subscriptions made in start, on a bus without authentication
    public void onMessage(String topic, byte[] payload) {
        onMessage(topic, payload, null);
    }

    /** @param sealedBy the node address the message's seal proved; null on a bus without authentication */
    @Override
    public void onMessage(String topic, byte[] payload, String sealedBy) {
        Optional<TreeMessage> accepted = inbox.accept(topic, payload, sealedBy);
        TreeMessage message = accepted.orElse(null);
        if (message == null) {
            return;
        }
        List<TreeMessage> out = new ArrayList<>();
        List<TreeChange> changes = new ArrayList<>();
        String refusedBecause = null;
        MemberHeartbeats.Ignored ignored = null;
        MessageBus b;
        synchronized (lock) {
            b = bus;
            if (state != State.JOINING && state != State.JOINED) {
                return;
            }
            long now = clock.millis();
            if (followed.viaControl(topic, message) && !followed.takesFromControl(message.node(), tree)) {
                // A group that still hangs under the root in its own view while the root already sees its domain
                // live again: the group follows within a tick, nothing to count.
                return;
            }
            if (message instanceof TreeMessage.JoinRequest m) {
                onJoinRequest(m, now, out);
            } else if (message instanceof TreeMessage.JoinRefused m) {
                if (m.incarnation() == incarnation) {
                    refusedBecause = refuse(m.reason(), sealedBy == null ? "an unauthenticated sender" : sealedBy,
                            now, changes);
                }
            } else if (message instanceof TreeMessage.Heartbeat m && m.node().name().equals(self.name())) {
                refusedBecause = onOwnNameHeartbeat(m, now, changes);
            } else if (message instanceof TreeMessage.Heartbeat m) {
                ignored = heartbeats.apply(m, now, changes).orElse(null);
            } else if (message instanceof TreeMessage.Leave m) {
                leave(m, changes);
            } else if (message instanceof TreeMessage.LastWill m) {
                onLastWill(m, now);
            }
            publishIfChanged(changes);
        }
        wire.send(b, out);
        if (ignored != null) {
            droppedMessages.drop(ignored.reason(), topic, message.node().text(), payload.length, ignored.detail());
        }
        if (refusedBecause != null) {
            String reason = refusedBecause;
            listeners.forEach(l -> l.refused(reason));
        }
        notifyChanged(changes);
    }

    private void onJoinRequest(TreeMessage.JoinRequest m, long now, List<TreeMessage> out) {
        if (state != State.JOINED) {
            return;
        }
        boolean sameName = m.node().name().equals(self.name());
        if (sameName && m.incarnation() != incarnation) {
            if (joinAnswers.refuseNow(now)) {
                out.add(new TreeMessage.JoinRefused(m.node(), m.incarnation(), JoinRetry.nameInUse(self)));
            }
        } else if (!sameName && joinAnswers.welcomeNow(now)) {
            // Welcome the newcomer with our heartbeat, so its view is complete when its join window closes.
            out.add(heartbeat());
            joinAnswers.heartbeatSent(now);
        }
    }

    private String refuse(String reason, String by, long now, List<TreeChange> changes) {
        if (state == State.JOINED) {
            tree.remove(self.name()).ifPresent(me -> changes.add(TreeChange.of(TreeChange.Kind.LEFT, me)));
        }
        state = State.REFUSED;
        long next = joinRetry.refused(now, by, reason);
        LOG.error("{}: join refused by {}: {}; asking again in {} ms", self, by, reason, next - now);
        return reason;
    }

    /** A will of a member is a hint: the member is down only if no heartbeat refutes it (FailureDetector). */
    private void onLastWill(TreeMessage.LastWill m, long now) {
        tree.member(m.node().name()).filter(known -> !known.name().equals(self.name())
                && (m.incarnation() == MembershipInbox.ANY_INCARNATION || known.incarnation() == m.incarnation()))
                .ifPresent(known -> failures.willArrived(known, now));
    }

    /** A heartbeat under this gateway's own name: the live owner of the name while this one joins refuses it. */
    private String onOwnNameHeartbeat(TreeMessage.Heartbeat m, long now, List<TreeChange> changes) {
        // The live owner of our name is heartbeating: its refusal may be lost, the conclusion is the same.
        return m.incarnation() != incarnation && state == State.JOINING
                ? refuse(JoinRetry.nameInUse(m.node()), m.node().text(), now, changes) : null;
    }

    private void leave(TreeMessage.Leave m, List<TreeChange> changes) {
        Optional<TreeMember> known = tree.member(m.node().name()).filter(k -> !k.name().equals(self.name()));
        if (known.isPresent() && known.get().incarnation() == m.incarnation()) {
            tree.remove(known.get().name());
            failures.forget(known.get().name());
            changes.add(TreeChange.of(TreeChange.Kind.LEFT, known.get()));
        }
    }

    private void publishIfChanged(List<TreeChange> changes) {
        if (!changes.isEmpty()) {
            followed.forgetStrangers(tree, failures, changes);
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
