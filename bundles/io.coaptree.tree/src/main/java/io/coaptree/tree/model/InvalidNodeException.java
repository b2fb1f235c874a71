package io.coaptree.tree.model;

/** A node path, address or name that breaks the tree's rules; {@link #field()} names the offending part. */
public final class InvalidNodeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidNodeException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
    }

    /** The offending field: {@code level}, {@code domain}, {@code group}, {@code name} or {@code path}. */
    public String field() {
        return field;
    }
}
