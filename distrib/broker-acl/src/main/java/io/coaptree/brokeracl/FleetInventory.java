package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateways (and observers) the broker admits, one per line: {@code <name> <role> [<domain> [<group>]]}, fields
 * separated by blanks, {@code #} starts a comment. A gateway line without domain or group takes them from its role's
 * snapshot ({@code tree.domain}, {@code tree.group}), so a fleet built from the shipped snapshots needs only names
 * and roles. Names are unique: the broker grants rights by user name.
 */
public final class FleetInventory {

    private final List<FleetMember> members;

    private FleetInventory(List<FleetMember> members) {
        this.members = List.copyOf(members);
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
        }
        if (byName.values().stream().noneMatch(m -> m.role().isGateway())) {
            throw new InvalidInputException(source + ": lists no gateway");
        }
        return new FleetInventory(new ArrayList<>(byName.values()));
    }

    private static FleetMember member(String where, String[] fields, Map<Role, RoleSnapshot> snapshots)
            throws InvalidInputException {
        if (fields.length < 2 || fields.length > 4) {
            throw new InvalidInputException(where + ": expected '<name> <role> [<domain> [<group>]]'");
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
                return new FleetMember(name, role, "", "");
            }
            case DOMAIN -> {
                if (fields.length > 3) {
                    throw new InvalidInputException(where + ": a domain gateway has no group");
                }
                return new FleetMember(name, role, name(where, "domain", domain), "");
            }
            default -> {
                return new FleetMember(name, role, name(where, "domain", domain), name(where, "group", group));
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
