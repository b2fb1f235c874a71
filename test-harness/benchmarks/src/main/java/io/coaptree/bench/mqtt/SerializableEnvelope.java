package io.coaptree.bench.mqtt;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeBuilder;

/**
 * The same fields as {@link CoapEnvelope} in a {@link Serializable} class: what CoAPTree's first version sent
 * through Java serialization, the baseline of the Kryo codec. Decoding rebuilds a {@link CoapEnvelope}, as the
 * codec does, so both sides of the comparison do the same work.
 */
final class SerializableEnvelope implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long correlationId;
    private final String kind;
    private final int code;
    private final String path;
    private final String query;
    private final int contentFormat;
    private final int accept;
    private final ArrayList<byte[]> etags;
    private final int observe;
    private final long maxAge;
    private final String locationPath;
    private final byte[] payload;
    private final String identityType;
    private final String identityName;
    private final String identityGateway;
    private final String sourceNode;
    private final String destinationNode;

    private SerializableEnvelope(CoapEnvelope e) {
        correlationId = e.correlationId();
        kind = e.kind().name();
        code = e.code();
        path = e.path();
        query = e.query();
        contentFormat = e.contentFormat();
        accept = e.accept();
        etags = new ArrayList<>(e.etags());
        observe = e.observe();
        maxAge = e.maxAge();
        locationPath = e.locationPath();
        payload = e.payload();
        identityType = e.identity() == null ? null : e.identity().type();
        identityName = e.identity() == null ? null : e.identity().name();
        identityGateway = e.identity() == null ? null : e.identity().gateway();
        sourceNode = e.sourceNode();
        destinationNode = e.destinationNode();
    }

    static byte[] encode(CoapEnvelope envelope) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new SerializableEnvelope(envelope));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static CoapEnvelope decode(byte[] data) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            return ((SerializableEnvelope) in.readObject()).toEnvelope();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private CoapEnvelope toEnvelope() {
        EnvelopeBuilder b = CoapEnvelope.builder(io.coaptree.codec.EnvelopeKind.valueOf(kind), code)
                .correlationId(correlationId)
                .path(path)
                .query(query)
                .contentFormat(contentFormat)
                .accept(accept)
                .etags(List.copyOf(etags))
                .observe(observe)
                .maxAge(maxAge)
                .locationPath(locationPath)
                .payload(payload)
                .sourceNode(sourceNode)
                .destinationNode(destinationNode);
        if (identityType != null) {
            b.identity(new CallerIdentity(identityType, identityName, identityGateway));
        }
        return b.build();
    }
}
