package io.coaptree.driver.channel;

/**
 * How a channel's resource represents its value, with the CoAP Content-Format number (RFC 7252 12.3, and RFC 8428
 * for SenML) sent as Accept on reads and as Content-Format on writes.
 */
public enum ContentFormat {
    TEXT(0, "text/plain"),
    JSON(50, "application/json"),
    CBOR(60, "application/cbor"),
    SENML_JSON(110, "application/senml+json"),
    SENML_CBOR(112, "application/senml+cbor");

    private final int number;
    private final String mediaType;

    ContentFormat(int number, String mediaType) {
        this.number = number;
        this.mediaType = mediaType;
    }

    /** @return the CoAP Content-Format number */
    public int number() {
        return number;
    }

    /** @return the media type, as the WebUI shows it */
    public String mediaType() {
        return mediaType;
    }
}
