package io.coaptree.tree.service;

import java.util.concurrent.ScheduledExecutorService;

import org.osgi.annotation.versioning.ProviderType;

import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.refusal.Refusals;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The gateway's place in the tree, registered by the tree handler component while it is configured. Its service
 * properties follow the membership: {@value #NODE}, {@value #STATE} ({@code JOINING}, {@code JOINED},
 * {@code REFUSED}), {@value #REFUSAL}, {@value #MEMBERS}, {@value #LIVE_MEMBERS}, {@value #PARENT}, and the
 * counts of refused MQTT messages: {@value #REFUSED} in all and {@value #REFUSED_PREFIX}{@code <reason>} for each
 * reason (updated at most once per tick).
 */
@ProviderType
public interface TreeService {

    /** The node address, e.g. {@code A/g1/a1}. */
    String NODE = "tree.node";
    String STATE = "tree.state";
    /** Why the join was refused (only while {@code tree.state=REFUSED}). */
    String REFUSAL = "tree.refusal";
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
     * Where every bundle that receives tree traffic over MQTT reports a message it refuses (counted by reason,
     * logged at a bounded rate); one per gateway, kept across reconfigurations.
     */
    Refusals refusals();

    /**
     * The gateway's message authentication (mode {@code tree.security.mode}): wrap every bus that talks to the tree
     * with it, and vouch for and check callers with it. One per configuration of the tree handler.
     */
    TreeSecurity security();

    /**
     * The gateway's delivery (settings {@code delivery.*}): give it to every {@code DataTransportMessageBus} that
     * talks to the tree, so arrivals are handled by its workers in class order and publishes leave in class order,
     * and wrap the sealed bus of batchable traffic with {@link GatewayDelivery#batching}. One per configuration of
     * the tree handler.
     */
    GatewayDelivery delivery();
}
