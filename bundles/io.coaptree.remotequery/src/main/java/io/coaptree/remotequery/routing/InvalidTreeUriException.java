package io.coaptree.remotequery.routing;

/** A request URI under the tree prefixes that does not follow the documented form; answer 4.00 or 4.04. */
public final class InvalidTreeUriException extends Exception {

    private static final long serialVersionUID = 1L;

    public InvalidTreeUriException(String message) {
        super(message);
    }
}
