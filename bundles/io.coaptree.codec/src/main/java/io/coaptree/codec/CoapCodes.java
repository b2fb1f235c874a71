package io.coaptree.codec;

/**
 * The CoAP code bytes ({@code class << 5 | detail}, RFC 7252 section 12.1) and Content-Format numbers (section 12.3)
 * that code carrying envelopes without Californium writes itself: the answers remote queries make up (4.04 for an
 * unknown gateway, 5.04 when none answers in time, ...) and the requests they send. Code that has Californium uses
 * its {@code CoAP.Code} and {@code CoAP.ResponseCode} instead.
 */
public final class CoapCodes {

    /** Method codes (class 0). */
    public static final int GET = 1;
    public static final int POST = 2;

    /** Response codes. */
    public static final int CONTENT = 2 << 5 | 5;
    public static final int BAD_REQUEST = 4 << 5;
    public static final int UNAUTHORIZED = 4 << 5 | 1;
    public static final int NOT_FOUND = 4 << 5 | 4;
    public static final int SERVICE_UNAVAILABLE = 5 << 5 | 3;
    public static final int GATEWAY_TIMEOUT = 5 << 5 | 4;

    /** Content-Formats. */
    public static final int TEXT_PLAIN = 0;
    public static final int LINK_FORMAT = 40;
    public static final int OCTET_STREAM = 42;

    private CoapCodes() {
    }

    /** Whether a response code is a success (class 2, {@code 2.xx}). */
    public static boolean isSuccess(int code) {
        return code >>> 5 == 2;
    }
}
