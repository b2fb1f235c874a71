package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mosquitto's {@code acl_file} format, as far as the generator uses it: {@code user <name>} opens a user's block,
 * {@code topic read|write <filter>} grants within it. Nothing else is granted: no {@code pattern} lines, no rules
 * outside a user block, so a client whose user name is not in the file may do nothing at all.
 */
public final class AclFile {

    private AclFile() {
    }

    /** One {@code user} block: a comment line saying who it is, the user name, its rules. */
    public record UserBlock(String comment, String user, List<TopicRule> rules) {
    }

    /**
     * @param header comment lines (without {@code #}) saying where the file came from
     */
    public static String write(List<String> header, Map<FleetMember, List<TopicRule>> rules) {
        return write(header, blocks(rules));
    }

    /** The members' blocks, in the map's order; the comment names role and path. */
    public static List<UserBlock> blocks(Map<FleetMember, List<TopicRule>> rules) {
        List<UserBlock> blocks = new ArrayList<>();
        for (Map.Entry<FleetMember, List<TopicRule>> entry : rules.entrySet()) {
            FleetMember member = entry.getKey();
            String comment = member.name() + ": " + member.role().label()
                    + (member.role().isGateway() ? " " + member.path() : "");
            blocks.add(new UserBlock(comment, member.name(), entry.getValue()));
        }
        return blocks;
    }

    public static String write(List<String> header, List<UserBlock> blocks) {
        StringBuilder out = new StringBuilder();
        for (String line : header) {
            out.append("# ").append(line).append('\n');
        }
        for (UserBlock block : blocks) {
            out.append('\n').append("# ").append(block.comment()).append('\n');
            out.append("user ").append(block.user()).append('\n');
            for (TopicRule rule : block.rules()) {
                out.append("topic ").append(rule.access().keyword()).append(' ').append(rule.filter()).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Reads a file in this format back (for the embedded broker and the tests).
     *
     * @throws InvalidInputException for a line this format does not have, naming the line
     */
    public static AccessList parse(String text) throws InvalidInputException {
        Map<String, List<TopicRule>> byUser = new LinkedHashMap<>();
        List<TopicRule> current = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\\s+");
            if (fields.length == 2 && fields[0].equals("user")) {
                current = byUser.computeIfAbsent(fields[1], u -> new ArrayList<>());
            } else if (fields.length == 3 && fields[0].equals("topic") && current != null) {
                current.add(new TopicRule(access(fields[1], i), fields[2]));
            } else {
                throw new InvalidInputException("acl line " + (i + 1) + ": expected 'user <name>' or, after it, "
                        + "'topic read|write <filter>': " + line);
            }
        }
        return new AccessList(byUser);
    }

    private static TopicRule.Access access(String keyword, int line) throws InvalidInputException {
        for (TopicRule.Access access : TopicRule.Access.values()) {
            if (access.keyword().equals(keyword)) {
                return access;
            }
        }
        throw new InvalidInputException("acl line " + (line + 1) + ": '" + keyword + "' is not read or write");
    }
}
