package io.coaptree.tree.delivery;

/** A batch that breaks its format or the receiver's limits: refused whole, nothing in it is acted on. */
public final class MalformedBatchException extends Exception {

    private static final long serialVersionUID = 1L;

    public MalformedBatchException(String message) {
        super(message);
    }
}
