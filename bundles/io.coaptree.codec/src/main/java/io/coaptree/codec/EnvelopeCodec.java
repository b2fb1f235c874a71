package io.coaptree.codec;

import java.util.Objects;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;

/**
 * Encodes {@link CoapEnvelope}s to bytes and back with Kryo. Safe for concurrent use: Kryo instances are not
 * thread-safe, so each call borrows one from a pool.
 * <p>
 * An encoding is the format version byte ({@link #FORMAT_VERSION}), the Kryo registration id of the
 * envelope ({@link #ENVELOPE_REGISTRATION_ID}) and the envelope's fields. Decoding is meant for input from
 * the network: Kryo only accepts registered classes, class names are refused, the only class it will build
 * is the envelope (through a hand-written serializer, no reflection), every length is checked against the
 * {@link CodecLimits} before allocation, and any defect in the input surfaces as an
 * {@link EnvelopeCodecException}.
 */
public final class EnvelopeCodec {

    /** The version byte at the head of every encoding; decoding refuses any other value. */
    public static final byte FORMAT_VERSION = 5;

    /** Kryo registration id of {@link CoapEnvelope}; part of the format. */
    public static final int ENVELOPE_REGISTRATION_ID = 20;

    private static final int INITIAL_OUTPUT_BYTES = 256;

    private final CodecLimits limits;
    private final Pool<Kryo> pool;

    /** A codec with {@link CodecLimits#defaults()}. */
    public EnvelopeCodec() {
        this(CodecLimits.defaults());
    }

    public EnvelopeCodec(CodecLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.pool = new Pool<Kryo>(true, false, limits.maxPooledInstances()) {
            @Override
            protected Kryo create() {
                return newKryo(limits);
            }
        };
        // The first Kryo instance loads and links Kryo's classes, tens of milliseconds on a small gateway. Paying
        // that here, when the component that owns the codec activates, keeps it off the first message after boot.
        pool.free(pool.obtain());
    }

    private static Kryo newKryo(CodecLimits limits) {
        Kryo kryo = new Kryo(new RegisteredIdsOnlyClassResolver(), null);
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        // The envelope is flat; a deeper graph can only come from a bug.
        kryo.setMaxDepth(2);
        kryo.register(CoapEnvelope.class, new EnvelopeSerializer(limits), ENVELOPE_REGISTRATION_ID);
        return kryo;
    }

    public CodecLimits limits() {
        return limits;
    }

    /**
     * @throws EnvelopeCodecException when the envelope exceeds the limits (the message names the field)
     */
    public byte[] encode(CoapEnvelope envelope) throws EnvelopeCodecException {
        Objects.requireNonNull(envelope, "envelope");
        Kryo kryo = pool.obtain();
        try {
            Output out = new Output(Math.min(INITIAL_OUTPUT_BYTES, limits.maxEncodedBytes()),
                    limits.maxEncodedBytes());
            out.writeByte(FORMAT_VERSION);
            kryo.writeClassAndObject(out, envelope);
            return out.toBytes();
        } catch (KryoException | IllegalArgumentException e) {
            throw new EnvelopeCodecException("cannot encode " + envelope + ": " + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }

    /** Decodes a whole array; see {@link #decode(byte[], int, int)}. */
    public CoapEnvelope decode(byte[] bytes) throws EnvelopeCodecException {
        Objects.requireNonNull(bytes, "bytes");
        return decode(bytes, 0, bytes.length);
    }

    /**
     * Decodes exactly {@code length} bytes starting at {@code offset}; trailing bytes are an error.
     *
     * @throws EnvelopeCodecException when the input is empty, longer than the limits allow, of another
     *             format version, truncated, malformed, carries anything but an envelope or exceeds a limit
     */
    public CoapEnvelope decode(byte[] bytes, int offset, int length) throws EnvelopeCodecException {
        Objects.requireNonNull(bytes, "bytes");
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length == 0) {
            throw new EnvelopeCodecException("empty input");
        }
        if (length > limits.maxEncodedBytes()) {
            throw new EnvelopeCodecException(
                    length + " bytes exceed the largest envelope the limits allow (" + limits.maxEncodedBytes() + ")");
        }
        if (bytes[offset] != FORMAT_VERSION) {
            throw new EnvelopeCodecException(
                    "unsupported format version " + (bytes[offset] & 0xFF) + ", expected " + FORMAT_VERSION);
        }
        Input in = new Input(bytes, offset + 1, length - 1);
        Kryo kryo = pool.obtain();
        try {
            Registration registration = kryo.readClass(in);
            if (registration == null || registration.getType() != CoapEnvelope.class) {
                throw new EnvelopeCodecException("the input does not carry an envelope but "
                        + (registration == null ? "null" : "registration id " + registration.getId()));
            }
            CoapEnvelope envelope = kryo.readObject(in, CoapEnvelope.class);
            int trailing = in.limit() - in.position();
            if (trailing != 0) {
                throw new EnvelopeCodecException(trailing + " bytes after the envelope");
            }
            return envelope;
        } catch (RuntimeException e) {
            // KryoException for Kryo's own checks and ours, IllegalArgumentException from envelope validation;
            // anything else is still malformed input as far as the caller is concerned.
            throw new EnvelopeCodecException("malformed envelope: " + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }
}
