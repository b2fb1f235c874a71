package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateways (and observers) the broker admits, one per line: {@code <name> <role> [<domain> [<group>]]
 * [broker=<broker>]}, fields separated by blanks, {@code #} starts a comment. A gateway line without domain or group
 * takes them from its role's snapshot ({@code tree.domain}, {@code tree.group}), so a fleet built from the shipped
 * snapshots needs only names and roles. Names are unique: the broker grants rights by user name.
 * <p>
 * A fleet on several bridged brokers names the broker of every line, or of none (one broker). The tree crosses a
 * bridge only between the root's path and a domain's subtree ({@link BridgedBrokers}), so the root's gateways share
 * one broker and so do all gateways of one domain; observers may be on any broker.
 */
public final class FleetInventory {

    private static final String BROKER = "broker=";

    private final List<FleetMember> members;

    private FleetInventory(List<FleetMember> members) {
        this.members = List.copyOf(members);
    }

    /** Whether the lines name brokers (then every member has one). */
    public boolean isBridged() {
        return !members.get(0).broker().isEmpty();
    }

    public List<FleetMember> members() {
        return members;
    }

    public List<FleetMember> gateways() {
        return members.stream().filter(m -> m.role().isGateway()).toList();
    }

    /**
     * @param source    for messages (the file name)
     * @param snapshots the role snapshots by role, for the default domain and group
     * @throws InvalidInputException naming the line and the field
     */
    public static FleetInventory parse(String source, String text, Map<Role, RoleSnapshot> snapshots)
            throws InvalidInputException {
        Map<String, FleetMember> byName = new LinkedHashMap<>();
        Map<String, String> lineOf = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int comment = line.indexOf('#');
            String content = (comment < 0 ? line : line.substring(0, comment)).trim();
            if (content.isEmpty()) {
                continue;
            }
            String where = source + " line " + (i + 1);
            FleetMember member = member(where, content.split("\\s+"), snapshots);
            if (byName.putIfAbsent(member.name(), member) != null) {
                throw new InvalidInputException(where + ": name '" + member.name() + "' is listed twice");
            }
            lineOf.put(member.name(), where);
        }
        if (byName.values().stream().noneMatch(m -> m.role().isGateway())) {
            throw new InvalidInputException(source + ": lists no gateway");
        }
        checkBrokers(byName, lineOf);
        return new FleetInventory(new ArrayList<>(byName.values()));
    }

    /** Every line names a broker or none does; the root's gateways, and each domain's, share one broker. */
    private static void checkBrokers(Map<String, FleetMember> byName, Map<String, String> lineOf)
            throws InvalidInputException {
        FleetMember first = byName.values().iterator().next();
        Map<String, FleetMember> firstOfPart = new LinkedHashMap<>();
        for (FleetMember m : byName.values()) {
            String where = lineOf.get(m.name());
            if (m.broker().isEmpty() != first.broker().isEmpty()) {
                throw new InvalidInputException(where + ": " + BROKER + " must be given on every line or on none ("
                        + lineOf.get(first.name()) + (first.broker().isEmpty() ? " has none)" : " has one)"));
            }
            if (m.broker().isEmpty() || !m.role().isGateway()) {
                continue;
            }
            String part = m.role() == Role.ROOT ? "the root" : "domain " + m.domain();
            FleetMember other = firstOfPart.putIfAbsent(part, m);
            if (other != null && !other.broker().equals(m.broker())) {
                throw new InvalidInputException(where + ": broker '" + m.broker() + "', but " + part + "'s gateway "
                        + other.name() + " (" + lineOf.get(other.name()) + ") is on '" + other.broker()
                        + "': the gateways of " + part + " share one broker");
            }
        }
        for (FleetMember m : byName.values()) {
            if (!m.broker().isEmpty() && byName.containsKey(BridgedBrokers.bridgeUser(m.broker()))) {
                String user = BridgedBrokers.bridgeUser(m.broker());
                throw new InvalidInputException(lineOf.get(user) + ": name '" + user + "' is the user name of broker "
                        + m.broker() + "'s bridge");
            }
        }
    }

    private static FleetMember member(String where, String[] allFields, Map<Role, RoleSnapshot> snapshots)
            throws InvalidInputException {
        String broker = "";
        List<String> positional = new ArrayList<>();
        for (String field : allFields) {
            if (!field.startsWith(BROKER)) {
                positional.add(field);
            } else if (!broker.isEmpty()) {
                throw new InvalidInputException(where + ": " + BROKER + " is given twice");
            } else {
                broker = name(where, "broker", field.substring(BROKER.length()));
            }
        }
        String[] fields = positional.toArray(new String[0]);
        if (fields.length < 2 || fields.length > 4) {
            throw new InvalidInputException(where
                    + ": expected '<name> <role> [<domain> [<group>]] [broker=<broker>]'");
        }
        String name = name(where, "name", fields[0]);
        Role role = Role.fromLabel(fields[1]).orElseThrow(() -> new InvalidInputException(
                where + ": role '" + fields[1] + "' is not one of root, domain, group, observer"));
        Optional<RoleSnapshot> snapshot = Optional.ofNullable(snapshots.get(role));
        String domain = fields.length > 2 ? fields[2] : snapshot.map(RoleSnapshot::domain).orElse("");
        String group = fields.length > 3 ? fields[3] : snapshot.map(RoleSnapshot::group).orElse("");
        switch (role) {
            case ROOT, OBSERVER -> {
                if (fields.length > 2) {
                    throw new InvalidInputException(where + ": a " + role.label() + " has no domain or group");
                }
                return new FleetMember(name, role, "", "", broker);
            }
            case DOMAIN -> {
                if (fields.length > 3) {
                    throw new InvalidInputException(where + ": a domain gateway has no group");
                }
                return new FleetMember(name, role, name(where, "domain", domain), "", broker);
            }
            default -> {
                return new FleetMember(name, role, name(where, "domain", domain), name(where, "group", group),
                        broker);
            }
        }
    }

    private static String name(String where, String field, String value) throws InvalidInputException {
        if (value.isEmpty()) {
            throw new InvalidInputException(where + ": " + field + " is missing (and the role's snapshot sets none)");
        }
        if (!TopicNames.isValid(value)) {
            throw new InvalidInputException(where + ": " + field + " '" + value
                    + "' must be 1 to 63 characters from A-Z a-z 0-9 _ . - and start with a letter, digit or _");
        }
        return value;
    }
}
