package io.coaptree.remotequery.sync;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.LookupAnswers;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Resource Directory synchronisation of one gateway, both directions:
 * <ul>
 * <li>up: reads the gateway's directory ({@link DirectorySource}) at the next tick after {@link #localChanged()}
 * (the directory announces every change, an expiry included), and every {@value #SAFETY_READ_INTERVALS}
 * {@code remotequery.sync.interval.ms} in any case; rewrites it into tree links; sends what changed to the live
 * parent on the parent's {@code rd} topic ({@link ParentUplink});</li>
 * <li>down: accepts its children's sets on its own {@code rd} topic and keeps them in its directory
 * ({@link ChildSets}, {@link ChildDirectory}), so its directory holds its whole subtree and the next level up gets
 * it in turn.</li>
 * </ul>
 * Time moves only in {@link #tick()}, called from the gateway's one scheduler; no thread is created here. Messages
 * are published outside the lock.
 */
public final class RdSync {

    private static final Logger LOG = LoggerFactory.getLogger(RdSync.class);
    /** Room for the envelope around {@code remotequery.sync.max.links} links of up to 2 KB each. */
    private static final int BYTES_PER_LINK = 2048;
    /**
     * A directory that announced nothing is read again after this many sync intervals (a minute with the default):
     * a safety net only, because the directory announces every change. Reading it every interval cost each gateway
     * its whole set rewritten into tree links every 5 s while nothing changed, most of an idle gateway's own CPU
     * (a fleet of 1000 simulated gateways spent a fifth of its Java time there, docs/performance.md).
     */
    static final int SAFETY_READ_INTERVALS = 12;

    private record Outgoing(NodeAddress to, SyncMessage message) {
    }

    private final NodeAddress self;
    private final Supplier<TreeView> tree;
    private final TreeTopics topics;
    private final Clock clock;
    private final DirectorySource source;
    private final Predicate<String> ownOrigin;
    private final SyncCodec codec;
    private final long safetyReadMillis;
    private final ParentUplink uplink;
    private final ChildSets children;
    private volatile MessageBus bus;
    private volatile DroppedMessages refusals;
    // Guarded by this.
    private boolean dirty = true;
    private boolean reading;
    private long lastRead = Long.MIN_VALUE / 2;

    /**
     * @param ownOrigin accepts the origins of this gateway's own CoAP server (see {@link LookupAnswers#toTreeLinks})
     */
    public RdSync(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, RemoteQueryOptions options, Clock clock,
            DirectorySource source, ChildDirectory directory, Predicate<String> ownOrigin) {
        this.self = Objects.requireNonNull(self, "self");
        this.tree = Objects.requireNonNull(tree, "tree");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.source = Objects.requireNonNull(source, "source");
        this.ownOrigin = Objects.requireNonNull(ownOrigin, "ownOrigin");
        int messageBytes = 1024 + options.syncMaxLinks() * BYTES_PER_LINK;
        // Messages from other gateways: bounded by what one sync message may carry.
        this.codec = new SyncCodec(new LinkFormatParser(LinkFormatLimits.builder()
                .maxLinks(options.syncMaxLinks()).maxPayloadChars(messageBytes).build()), messageBytes);
        this.safetyReadMillis = options.syncIntervalMillis() * SAFETY_READ_INTERVALS;
        this.uplink = new ParentUplink(self, ThreadLocalRandom.current().nextLong(), options.syncMaxLinks(),
                options.syncIntervalMillis());
        this.children = new ChildSets(self, directory, options.syncGraceMillis(), options.replicaRetentionMillis(),
                options.syncRegistrationLifetimeSeconds() * 1000 / 3, options.syncIntervalMillis());
    }

    /**
     * Subscribes to this gateway's {@code rd} topic.
     *
     * @param refusals where a sync message that cannot be read is reported (the gateway's one counter)
     */
    public void start(MessageBus messageBus, DroppedMessages refusals) {
        this.refusals = Objects.requireNonNull(refusals, "refusals");
        this.bus = Objects.requireNonNull(messageBus, "messageBus");
        messageBus.subscribe(topics.topic(self, TopicKind.RD), new MessageHandler() {
            @Override
            public void onMessage(String topic, byte[] payload) {
                RdSync.this.onMessage(topic, payload, null);
            }

            @Override
            public void onMessage(String topic, byte[] payload, String authenticatedSender) {
                RdSync.this.onMessage(topic, payload, authenticatedSender);
            }
        });
    }

    public void stop() {
        MessageBus b = bus;
        if (b != null) {
            b.unsubscribe(topics.topic(self, TopicKind.RD));
        }
    }

    /** The local directory changed: read it at the next tick. */
    public synchronized void localChanged() {
        dirty = true;
    }

    /**
     * The connection to the broker was (re-)established: the parent may have missed the unacknowledged message, so it
     * goes again, and the directory is read again. What the parent acknowledged it still holds (a parent that
     * restarted meanwhile has a new incarnation, and gets the full set).
     */
    public synchronized void reconnected() {
        uplink.resume();
        dirty = true;
    }

    /** Whether this gateway's directory holds the subtree of {@code child} (so a lookup need not ask it). */
    public synchronized boolean holds(TreeMember child) {
        return children.holds(child);
    }

    /** Whether the parent holds exactly the current local set. */
    public synchronized boolean inStepWithParent() {
        return uplink.inStep();
    }

    public void tick() {
        long now = clock.millis();
        TreeView view = tree.get();
        boolean read;
        List<Outgoing> out = new ArrayList<>();
        Optional<TreeMember> parent = parent(view);
        synchronized (this) {
            // The root (or a gateway cut off from every ancestor) has nobody to tell: it reads once a parent is live.
            read = parent.isPresent() && !reading && (dirty || now - lastRead >= safetyReadMillis);
            if (read) {
                reading = true;
                dirty = false;
                lastRead = now;
            }
            children.tick(view, now);
            children.resyncsDue(view, now).forEach((child, resync) -> out.add(new Outgoing(child, resync)));
            toParent(uplink.step(parent, now), out);
        }
        publishAll(out);
        if (read) {
            source.read(this::onLocalContent);
        }
    }

    /** The directory's links (null if it could not be read) as tree links, canonical, for the parent. */
    private void onLocalContent(List<Link> directoryLinks) {
        Set<String> links = directoryLinks == null ? null
                : LinkSet.of(LookupAnswers.toTreeLinks(self, directoryLinks, ownOrigin));
        List<Outgoing> out = new ArrayList<>();
        synchronized (this) {
            reading = false;
            if (links != null) {
                uplink.content(links);
                toParent(uplink.step(parent(tree.get()), clock.millis()), out);
            }
        }
        publishAll(out);
    }

    /** @param authenticatedSender the gateway the message's seal proved, or null without authentication */
    private void onMessage(String topic, byte[] payload, String authenticatedSender) {
        SyncMessage message;
        try {
            message = codec.decode(payload);
        } catch (SyncCodecException e) {
            refusals.drop(e.reason(), topic, null, payload == null ? 0 : payload.length, e.getMessage());
            return;
        }
        if (authenticatedSender != null && !authenticatedSender.equals(message.sender().text())) {
            // A gateway may speak only as itself: a parent's directory must not take another gateway's links.
            refusals.drop(DropReason.FORGED, topic, authenticatedSender, payload.length,
                    "sealed by " + authenticatedSender + " but names " + message.sender() + " as sender");
            return;
        }
        long now = clock.millis();
        List<Outgoing> out = new ArrayList<>();
        synchronized (this) {
            if (message instanceof SyncMessage.Full f) {
                children.onFull(f, tree.get(), now).ifPresent(a -> out.add(new Outgoing(f.sender(), a)));
            } else if (message instanceof SyncMessage.Delta d) {
                children.onDelta(d, tree.get(), now).ifPresent(a -> out.add(new Outgoing(d.sender(), a)));
            } else if (message instanceof SyncMessage.Ack a) {
                if (uplink.onAck(a)) {
                    toParent(uplink.step(parent(tree.get()), now), out);
                }
            } else if (message instanceof SyncMessage.Resync r) {
                if (uplink.onResync(r)) {
                    toParent(uplink.step(parent(tree.get()), now), out);
                }
            }
        }
        publishAll(out);
    }

    /** Called with the lock held, so the parent is the one the message was made for. */
    private void toParent(Optional<SyncMessage> message, List<Outgoing> out) {
        message.ifPresent(m -> uplink.parent().ifPresent(p -> out.add(new Outgoing(p, m))));
    }

    private Optional<TreeMember> parent(TreeView view) {
        return view.parentReplica(self);
    }

    private void publishAll(List<Outgoing> messages) {
        for (Outgoing m : messages) {
            publish(m.to(), m.message());
        }
    }

    private void publish(NodeAddress to, SyncMessage message) {
        MessageBus b = bus;
        if (b == null || to == null) {
            return;
        }
        try {
            b.publish(topics.topic(to, TopicKind.RD), codec.encode(message));
        } catch (SyncCodecException e) {
            LOG.warn("{}: cannot encode a sync message for {}: {}", self, to, e.getMessage());
        } catch (RuntimeException e) {
            LOG.debug("{}: cannot publish a sync message to {}: {}", self, to, e.toString());
        }
    }
}
