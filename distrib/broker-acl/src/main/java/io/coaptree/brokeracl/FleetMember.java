package io.coaptree.brokeracl;

import java.util.Objects;

/**
 * One line of the fleet inventory: the MQTT user name the broker knows the client by (for a gateway its
 * {@code tree.node.name}, the CN of its client certificate), its role, its place in the tree and the broker it
 * connects to.
 *
 * @param domain empty for the root and observers
 * @param group  empty for the root, domains and observers
 * @param broker the broker it connects to ({@code broker=} in the inventory); empty when the fleet has one broker
 */
public record FleetMember(String name, Role role, String domain, String group, String broker) {

    public FleetMember {
        Objects.requireNonNull(broker, "broker");
    }

    /** A member of a fleet on one broker. */
    public FleetMember(String name, Role role, String domain, String group) {
        this(name, role, domain, group, "");
    }

    /** Domain and group as topic levels: {@code A/1}, {@code A/-}, {@code -/-}. */
    public String path() {
        return level(domain) + "/" + level(group);
    }

    static String level(String name) {
        return name.isEmpty() ? TopicNames.ABSENT : name;
    }
}
