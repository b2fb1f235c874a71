package io.coaptree.tree.model;

import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * A place in the hierarchy: the root, a domain, or a group of a domain. Several gateways (replicas) may serve one
 * path. Immutable; ordered root first, then by domain and group.
 * <p>
 * Text form ({@link #text()}): {@code ""} for the root, {@code "A"} for domain A, {@code "A/g1"} for its group g1.
 */
public final class NodePath implements Comparable<NodePath> {

    private static final NodePath ROOT = new NodePath(NodeLevel.ROOT, "", "");
    private static final Comparator<NodePath> ORDER = Comparator
            .comparing((NodePath p) -> p.domain).thenComparing(p -> p.group);

    private final NodeLevel level;
    private final String domain;
    private final String group;

    private NodePath(NodeLevel level, String domain, String group) {
        this.level = level;
        this.domain = domain;
        this.group = group;
    }

    public static NodePath root() {
        return ROOT;
    }

    public static NodePath domain(String domain) {
        return new NodePath(NodeLevel.DOMAIN, NodeNames.require("domain", domain), "");
    }

    public static NodePath group(String domain, String group) {
        return new NodePath(NodeLevel.GROUP, NodeNames.require("domain", domain), NodeNames.require("group", group));
    }

    /**
     * A path from configured values, checking that they agree: the root has neither domain nor group, a domain
     * has a domain and no group, a group has both. Empty and {@code null} mean absent.
     *
     * @throws InvalidNodeException naming {@code level}, {@code domain} or {@code group}
     */
    public static NodePath of(int level, String domain, String group) {
        NodeLevel nodeLevel = NodeLevel.of(level);
        boolean hasDomain = domain != null && !domain.isEmpty();
        boolean hasGroup = group != null && !group.isEmpty();
        switch (nodeLevel) {
            case ROOT:
                if (hasDomain) {
                    throw new InvalidNodeException("domain", "must be empty for a level 0 (root) node, was '" + domain + "'");
                }
                if (hasGroup) {
                    throw new InvalidNodeException("group", "must be empty for a level 0 (root) node, was '" + group + "'");
                }
                return ROOT;
            case DOMAIN:
                if (hasGroup) {
                    throw new InvalidNodeException("group", "must be empty for a level 1 (domain) node, was '" + group + "'");
                }
                return domain(domain);
            default:
                if (!hasDomain) {
                    throw new InvalidNodeException("domain", "is required for a level 2 (group) node");
                }
                if (!hasGroup) {
                    throw new InvalidNodeException("group", "is required for a level 2 (group) node");
                }
                return group(domain, group);
        }
    }

    /**
     * Reads the text form; a leading {@code /} is allowed.
     *
     * @throws InvalidNodeException (field {@code path}, or the segment's field)
     */
    public static NodePath parse(String text) {
        Objects.requireNonNull(text, "text");
        String t = text.startsWith("/") ? text.substring(1) : text;
        if (t.isEmpty()) {
            return ROOT;
        }
        String[] parts = t.split("/", -1);
        if (parts.length == 1) {
            return domain(parts[0]);
        }
        if (parts.length == 2) {
            return group(parts[0], parts[1]);
        }
        throw new InvalidNodeException("path", "'" + text + "' has more than two segments (domain/group)");
    }

    /**
     * Reads the fixed-depth form used in topics and URIs: two segments, {@value NodeNames#ABSENT} for absent.
     *
     * @throws InvalidNodeException when the segments are not a valid path
     */
    public static NodePath fromSegments(String domainSegment, String groupSegment) {
        boolean noDomain = NodeNames.ABSENT.equals(domainSegment);
        boolean noGroup = NodeNames.ABSENT.equals(groupSegment);
        if (noDomain) {
            if (!noGroup) {
                throw new InvalidNodeException("group", "a group needs a domain");
            }
            return ROOT;
        }
        return noGroup ? domain(domainSegment) : group(domainSegment, groupSegment);
    }

    public NodeLevel level() {
        return level;
    }

    /** The domain, empty for the root. */
    public String domain() {
        return domain;
    }

    /** The group, empty for the root and domains. */
    public String group() {
        return group;
    }

    public boolean isRoot() {
        return level == NodeLevel.ROOT;
    }

    /** The path one level up as configured (not as currently attached); empty for the root. */
    public Optional<NodePath> parent() {
        switch (level) {
            case ROOT:
                return Optional.empty();
            case DOMAIN:
                return Optional.of(ROOT);
            default:
                return Optional.of(domain(domain));
        }
    }

    /** Whether {@code other} is this path or lies below it. */
    public boolean contains(NodePath other) {
        switch (level) {
            case ROOT:
                return true;
            case DOMAIN:
                return other.level != NodeLevel.ROOT && domain.equals(other.domain);
            default:
                return equals(other);
        }
    }

    /** Whether one of the two paths contains the other. */
    public boolean isComparableTo(NodePath other) {
        return contains(other) || other.contains(this);
    }

    public String text() {
        switch (level) {
            case ROOT:
                return "";
            case DOMAIN:
                return domain;
            default:
                return domain + "/" + group;
        }
    }

    /** The two fixed-depth segments for topics and URIs, e.g. {@code "A/-"}. */
    public String segments() {
        return (domain.isEmpty() ? NodeNames.ABSENT : domain) + "/" + (group.isEmpty() ? NodeNames.ABSENT : group);
    }

    @Override
    public int compareTo(NodePath o) {
        return ORDER.compare(this, o);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodePath && ((NodePath) o).domain.equals(domain) && ((NodePath) o).group.equals(group);
    }

    @Override
    public int hashCode() {
        return domain.hashCode() * 31 + group.hashCode();
    }

    @Override
    public String toString() {
        return isRoot() ? "<root>" : text();
    }
}
