package io.coaptree.http.mapping;

/** An HTTP request that cannot become a CoAP request: answered with {@link #httpStatus()} and the message as text. */
public final class MappingException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int httpStatus;

    public MappingException(int httpStatus, String message) {
        super(message);
        this.httpStatus = httpStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }
}
