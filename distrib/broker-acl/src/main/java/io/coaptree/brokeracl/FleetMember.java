package io.coaptree.brokeracl;

/**
 * One line of the fleet inventory: the MQTT user name the broker knows the client by (for a gateway its
 * {@code tree.node.name}, the CN of its client certificate), its role and its place in the tree.
 *
 * @param domain empty for the root and observers
 * @param group  empty for the root, domains and observers
 */
public record FleetMember(String name, Role role, String domain, String group) {

    /** Domain and group as topic levels: {@code A/1}, {@code A/-}, {@code -/-}. */
    public String path() {
        return level(domain) + "/" + level(group);
    }

    static String level(String name) {
        return name.isEmpty() ? TopicNames.ABSENT : name;
    }
}
