package io.coaptree.tree.model;

import java.util.Objects;

/**
 * One gateway: its path and its node name. Node names are unique across the whole tree.
 * <p>
 * Text form ({@link #text()}): the fixed-depth {@code <domain>/<group>/<name>} with {@code -} for an absent
 * domain or group, e.g. {@code -/-/root1}, {@code A/-/dA}, {@code A/g1/n3}; the same segments appear in topics
 * and in remote-resource URIs.
 */
public final class NodeAddress implements Comparable<NodeAddress> {

    private final NodePath path;
    private final String name;
    /** Made once: every message in and out of a gateway names its sender and topic by it (docs/performance.md). */
    private final String text;

    private NodeAddress(NodePath path, String name) {
        this.path = path;
        this.name = name;
        this.text = path.segments() + "/" + name;
    }

    /** @throws InvalidNodeException (field {@code name}) */
    public static NodeAddress of(NodePath path, String name) {
        return new NodeAddress(Objects.requireNonNull(path, "path"), NodeNames.require("name", name));
    }

    /** @throws InvalidNodeException when the text is not three valid segments */
    public static NodeAddress parse(String text) {
        Objects.requireNonNull(text, "text");
        String[] parts = text.split("/", -1);
        if (parts.length != 3) {
            throw new InvalidNodeException("path", "'" + text + "' is not <domain>/<group>/<name>");
        }
        return of(NodePath.fromSegments(parts[0], parts[1]), parts[2]);
    }

    public NodePath path() {
        return path;
    }

    public String name() {
        return name;
    }

    public String text() {
        return text;
    }

    @Override
    public int compareTo(NodeAddress o) {
        int c = path.compareTo(o.path);
        return c != 0 ? c : name.compareTo(o.name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeAddress && ((NodeAddress) o).path.equals(path) && ((NodeAddress) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + name.hashCode();
    }

    @Override
    public String toString() {
        return text();
    }
}
