package io.coaptree.tree.model;

import java.util.Objects;

/**
 * What the tree knows about one gateway. Immutable; the collections replace it when something changes.
 *
 * @param address       path and node name
 * @param incarnation   chosen at random when the gateway starts, so a restart (new incarnation) can be told from
 *                      a second gateway configured with the same name (same name, other incarnation, while the
 *                      first is up)
 * @param coapEndpoint  the gateway's own CoAP URI, informational (may be empty)
 * @param broker        the name of the MQTT broker the gateway is connected to (may be empty: not told); gateways
 *                      announcing the same name reach each other's topics directly
 * @param liveness      up or down
 * @param lastSeenMillis clock time of the last heartbeat (or join) seen from it
 */
public record TreeMember(NodeAddress address, long incarnation, String coapEndpoint, String broker,
        Liveness liveness, long lastSeenMillis) {

    public TreeMember {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(coapEndpoint, "coapEndpoint");
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(liveness, "liveness");
    }

    /** A member whose broker is not told. */
    public TreeMember(NodeAddress address, long incarnation, String coapEndpoint, Liveness liveness,
            long lastSeenMillis) {
        this(address, incarnation, coapEndpoint, "", liveness, lastSeenMillis);
    }

    /** Whether this member and {@code other} announced the same (named) broker. */
    public boolean sharesBrokerWith(TreeMember other) {
        return !broker.isEmpty() && broker.equals(other.broker);
    }

    public String name() {
        return address.name();
    }

    public NodePath path() {
        return address.path();
    }

    public boolean isUp() {
        return liveness == Liveness.UP;
    }

    public TreeMember withLiveness(Liveness newLiveness) {
        return new TreeMember(address, incarnation, coapEndpoint, broker, newLiveness, lastSeenMillis);
    }

    public TreeMember seenAt(long millis) {
        return new TreeMember(address, incarnation, coapEndpoint, broker, liveness, millis);
    }
}
