package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fleet on several brokers joined by bridges, as its inventory places the members: the broker of the root's
 * gateways is the hub, every other broker bridges to it (a star: a site connects out to the centre, the centre needs
 * no route into a site). Each bridge carries exactly what the tree needs across it:
 * <ul>
 * <li>membership ({@code join}, {@code heartbeat}, {@code leave}, {@code lwt}): what each gateway follows (its
 * neighbourhood): out for the domain gateways on the site's broker (the root follows them), in for the root's path
 * (every gateway follows the root); a group's and another site's membership never cross. The root's {@code ctl}
 * goes out too: a group whose domain has no live gateway heartbeats to the root there;</li>
 * <li>{@code query}, {@code reply} and {@code rd}: out for the root's path, in for the site's domains. These are the
 * hops that cross: between a domain (or, while its domain gateway is down, a group) and the root. Requests between
 * two gateways of different sites never take the bridge directly; they go through the root hop by hop.</li>
 * <li>{@code telemetry}: out for the site's domains, never in: records go up to the root's gateways, on the hub.</li>
 * </ul>
 * The in and out sets are disjoint, so no message can come back over the bridge it left by, whether or not the hub
 * recognises the bridge ({@code try_private}). No other {@code ctl} topic crosses: the newcomer a refusal answers
 * holds the same name and credentials, so it connects to the same broker.
 */
public final class BridgedBrokers {

    /** The QoS of the bridge's subscriptions and forwarded messages: the tree publishes at QoS 1. */
    public static final int QOS = 1;

    private static final String[] MEMBERSHIP = { "join", "heartbeat", "leave", "lwt" };
    private static final String[] ROUTED = { "query", "reply", "rd" };
    /** Device data, up to the root only. */
    private static final String TELEMETRY = "telemetry";

    /** Which way a bridge carries a topic filter, as Mosquitto's {@code topic} line writes it. */
    public enum Direction {
        /** From the site's broker to the hub. */
        OUT,
        /** From the hub to the site's broker. */
        IN;

        public String keyword() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One {@code topic} line of a bridge. */
    public record BridgeTopic(String filter, Direction direction) {
    }

    private final String prefix;
    private final String hub;
    private final Map<String, List<FleetMember>> byBroker;
    private final Set<String> domains;

    private BridgedBrokers(String prefix, String hub, Map<String, List<FleetMember>> byBroker, Set<String> domains) {
        this.prefix = prefix;
        this.hub = hub;
        this.byBroker = byBroker;
        this.domains = domains;
    }

    /**
     * @param fleet a fleet whose lines name their brokers ({@link FleetInventory#isBridged()})
     * @throws InvalidInputException when the fleet has no root gateway (whose broker is the hub)
     */
    public static BridgedBrokers of(FleetInventory fleet, String prefix) throws InvalidInputException {
        if (!fleet.isBridged()) {
            throw new IllegalArgumentException("the fleet names no brokers");
        }
        String hub = fleet.gateways().stream().filter(m -> m.role() == Role.ROOT).map(FleetMember::broker).findFirst()
                .orElseThrow(() -> new InvalidInputException("the inventory names brokers but no root gateway: the "
                        + "root's broker is the one the others bridge to"));
        Map<String, List<FleetMember>> byBroker = new LinkedHashMap<>();
        byBroker.put(hub, new ArrayList<>());
        Set<String> domains = new LinkedHashSet<>();
        for (FleetMember m : fleet.members()) {
            byBroker.computeIfAbsent(m.broker(), b -> new ArrayList<>()).add(m);
            if (!m.domain().isEmpty()) {
                domains.add(m.domain());
            }
        }
        return new BridgedBrokers(prefix, hub, byBroker, domains);
    }

    /** The MQTT user name (the CN of its client certificate) a broker's bridge logs in to the hub with. */
    public static String bridgeUser(String broker) {
        return "bridge-" + broker;
    }

    /** The broker of the root's gateways, which every other broker bridges to. */
    public String hub() {
        return hub;
    }

    /** Every broker, the hub first, then in inventory order. */
    public List<String> brokers() {
        return List.copyOf(byBroker.keySet());
    }

    /** The members that connect to {@code broker}. */
    public List<FleetMember> members(String broker) {
        return List.copyOf(byBroker.getOrDefault(broker, List.of()));
    }

    /** The brokers that bridge to the hub. */
    public List<String> sites() {
        return brokers().stream().filter(b -> !b.equals(hub)).toList();
    }

    /** What {@code site}'s bridge carries; empty for the hub, which has no bridge of its own. */
    public List<BridgeTopic> bridgeTopics(String site) {
        if (site.equals(hub)) {
            return List.of();
        }
        Set<String> local = new LinkedHashSet<>();
        for (FleetMember m : members(site)) {
            if (m.role().isGateway()) {
                local.add(m.domain());
            }
        }
        String root = TopicNames.ABSENT + "/" + TopicNames.ABSENT;
        List<BridgeTopic> topics = new ArrayList<>();
        for (String kind : MEMBERSHIP) {
            // the root follows the domain gateways; the site's gateways follow the root, nobody follows other sites
            for (String domain : local) {
                topics.add(new BridgeTopic(filter(domain + "/" + TopicNames.ABSENT, kind), Direction.OUT));
            }
            topics.add(new BridgeTopic(filter(root, kind), Direction.IN));
        }
        // a group whose domain has no live gateway heartbeats to the root's gateways on their ctl topics
        topics.add(new BridgeTopic(filter(root, "ctl"), Direction.OUT));
        for (String kind : ROUTED) {
            topics.add(new BridgeTopic(filter(root, kind), Direction.OUT));
            for (String domain : local) {
                topics.add(new BridgeTopic(filter(domain + "/+", kind), Direction.IN));
            }
        }
        for (String domain : local) {
            topics.add(new BridgeTopic(filter(domain + "/+", TELEMETRY), Direction.OUT));
        }
        return topics;
    }

    /** The hub's access rules for {@code site}'s bridge user: it publishes what goes out, reads what comes in. */
    public List<TopicRule> bridgeRules(String site) {
        return bridgeTopics(site).stream().map(t -> t.direction() == Direction.OUT ? TopicRule.write(t.filter())
                : TopicRule.read(t.filter())).toList();
    }

    private String filter(String path, String kind) {
        return prefix + "/" + path + "/+/" + kind;
    }
}
