package io.coaptree.tree.service;

import java.util.concurrent.ScheduledExecutorService;

import org.osgi.annotation.versioning.ProviderType;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.JoinStatus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The gateway's place in the tree and its bus to the other gateways ({@link #openBus}), registered by the tree
 * handler component while it is configured. Its service properties follow the membership: {@value #NODE},
 * {@value #STATE} ({@code JOINING}, {@code JOINED}, {@code REFUSED}), {@value #REFUSAL}, {@value #MEMBERS},
 * {@value #LIVE_MEMBERS}, {@value #PARENT}, and the counts of dropped ("refused") MQTT messages: {@value #REFUSED}
 * in all and {@value #REFUSED_PREFIX}{@code <reason>} for each reason (updated at most once per tick).
 */
@ProviderType
public interface TreeService {

    /** The node address, e.g. {@code A/g1/a1}. */
    String NODE = "tree.node";
    String STATE = "tree.state";
    /** Why the join was refused (only while {@code tree.state=REFUSED}). */
    String REFUSAL = "tree.refusal";
    /**
     * The gateway that refused the join, as its seal proved (only while {@code tree.state=REFUSED}); only a gateway
     * holding the same node name can refuse, and a refused gateway asks again at {@value #JOIN_NEXT_ATTEMPT}.
     */
    String JOIN_REFUSED_BY = "tree.join.refused.by";
    /** When a refused gateway asks to join again (epoch ms, a Long; only while {@code tree.state=REFUSED}). */
    String JOIN_NEXT_ATTEMPT = "tree.join.next.attempt";
    /**
     * Other gateways' join requests answered together with others rather than one heartbeat each (at most one
     * answer per tick interval), since the start (a Long): a gateway repeating join requests shows here.
     */
    String JOIN_ANSWERS_COALESCED = "tree.join.answers.coalesced";
    /** Members known, up or down. */
    String MEMBERS = "tree.members";
    String LIVE_MEMBERS = "tree.members.live";
    /** The address of the live gateway this node currently hangs under (effective tree); absent at the top. */
    String PARENT = "tree.parent";
    /**
     * Why the last configuration change was refused, starting with the field ({@code tree.heartbeat.interval.ms: ...}),
     * while the previous configuration keeps serving; absent when the last change was applied.
     */
    String CONFIG_ERROR = "tree.config.error";
    /** Messages from MQTT refused since the gateway started, all reasons together (a Long). */
    String REFUSED = "tree.refused";
    /** Followed by a reason's label ({@code tree.refused.undecodable}): messages refused for that reason (a Long). */
    String REFUSED_PREFIX = "tree.refused.";

    /** This gateway's address in the tree. */
    NodeAddress self();

    /** The tree as this gateway sees it now (an immutable copy). */
    TreeView view();

    /** Its join now: state, who refused it and when it asks again (while refused), join requests coalesced. */
    JoinStatus joinStatus();

    /** The MQTT topics of this tree (its prefix). */
    TreeTopics topics();

    /** How often the tree ticks ({@code tree.tick.interval.ms}): the pace for work that ticks beside it. */
    long tickIntervalMillis();

    /**
     * The gateway's one scheduler for the tree's ticks, shared by remote queries for theirs: never block in it,
     * and cancel what you schedule when you stop.
     */
    ScheduledExecutorService scheduler();

    /**
     * Where every bundle that receives tree traffic over MQTT reports a message it drops because it cannot use it
     * (counted by reason, logged at a bounded rate, published as {@value #REFUSED_PREFIX}{@code <reason>}); one per
     * gateway, kept across reconfigurations. The buses of {@link #openBus} report to it by themselves.
     */
    DroppedMessages droppedMessages();

    /**
     * The gateway's message authentication (mode {@code tree.security.mode}), for what is not a bus message: remote
     * queries vouch for the callers they authenticated and check the vouchers of others with it. The buses of
     * {@link #openBus} seal with it, so all share one boot and sequence counter. One per configuration of the tree
     * handler.
     */
    TreeSecurity security();

    /** The class of a request that asks for none ({@code delivery.default.class}). */
    DeliveryClass defaultDeliveryClass();

    /**
     * Opens a bus to the tree for a bundle's topics, sealed, in the gateway's class queues and batching (see
     * {@link TreeBus}); its publishes take their class's QoS ({@code delivery.qos.<class>}). It lives as long as
     * this service object: a reconfiguration of the tree handler registers a new one.
     *
     * @param maxMessageBytes the largest message the bundle publishes and accepts, before sealing; a batch that
     *            arrives may be larger, up to {@code delivery.batch.max.bytes}
     */
    TreeBus openBus(int maxMessageBytes);

    /**
     * As {@link #openBus(int)}, but every publish takes {@code qos} whatever its class: for a component with a QoS
     * setting of its own (the telemetry uplink's {@code telemetry.qos}).
     *
     * @param qos 0, 1 or 2
     */
    TreeBus openBus(int maxMessageBytes, int qos);
}
