package io.coaptree.bench.mqtt;

import java.nio.charset.StandardCharsets;

import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;

/** The envelopes the codec benchmarks encode: what remote queries and their answers look like in the hierarchy. */
public final class SampleEnvelopes {

    private SampleEnvelopes() {
    }

    /** A GET across the hierarchy with a query, an Accept, an authenticated caller and no payload. */
    public static CoapEnvelope request() {
        return CoapEnvelope.builder(EnvelopeKind.REQUEST, 1)
                .correlationId(0x1234_5678_9ABCL)
                .path("building-a/floor-1/temperature")
                .query("rt=temp&if=sensor")
                .accept(50)
                .identity(new CallerIdentity("x509", "CN=client,O=CoAPTree Test", "A/1/gA1"))
                .sourceNode("root/domain-a/group-1")
                .destinationNode("root/domain-a/group-2")
                .build();
    }

    /** A 2.05 answer with a JSON reading, an ETag and a Max-Age. */
    public static CoapEnvelope response() {
        byte[] json = "{\"n\":\"temperature\",\"u\":\"Cel\",\"v\":21.5,\"t\":1795290000}"
                .getBytes(StandardCharsets.UTF_8);
        return CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69)
                .correlationId(0x1234_5678_9ABCL)
                .contentFormat(50)
                .addEtag(new byte[] { 1, 2, 3, 4 })
                .maxAge(60)
                .payload(json)
                .sourceNode("root/domain-a/group-2")
                .destinationNode("root/domain-a/group-1")
                .build();
    }

    /** A 2.05 answer to a lookup: a CoRE link-format payload of about 1 KiB. */
    static CoapEnvelope lookup() {
        StringBuilder links = new StringBuilder();
        for (int i = 0; links.length() < 1000; i++) {
            links.append("</building-a/floor-1/sensor-").append(i).append(">;rt=\"temp\";if=\"sensor\";ct=50,");
        }
        return CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69)
                .correlationId(42)
                .contentFormat(40)
                .payload(links.toString().getBytes(StandardCharsets.UTF_8))
                .sourceNode("root")
                .destinationNode("root/domain-a/group-1")
                .build();
    }

    static CoapEnvelope byName(String shape) {
        switch (shape) {
        case "request":
            return request();
        case "response":
            return response();
        case "lookup":
            return lookup();
        default:
            throw new IllegalArgumentException("shape: " + shape);
        }
    }
}
