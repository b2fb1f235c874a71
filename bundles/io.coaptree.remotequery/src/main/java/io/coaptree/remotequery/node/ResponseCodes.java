package io.coaptree.remotequery.node;

/** The CoAP codes (one byte, {@code class << 5 | detail}) remote queries answer with themselves. */
public final class ResponseCodes {

    public static final int GET = 1;
    public static final int CONTENT = 2 << 5 | 5;
    public static final int BAD_REQUEST = 4 << 5;
    public static final int NOT_FOUND = 4 << 5 | 4;
    public static final int SERVICE_UNAVAILABLE = 5 << 5 | 3;
    public static final int GATEWAY_TIMEOUT = 5 << 5 | 4;

    public static final int TEXT_PLAIN = 0;
    public static final int LINK_FORMAT = 40;

    private ResponseCodes() {
    }
}
