package io.coaptree.codec;

/**
 * An envelope could not be encoded or decoded: the input is not a well-formed envelope of a supported format
 * version, or a value exceeds the codec's {@link CodecLimits}. Decoding never reports a problem any other way.
 */
public class EnvelopeCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    public EnvelopeCodecException(String message) {
        super(message);
    }

    public EnvelopeCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
