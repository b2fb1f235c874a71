package io.coaptree.codec;

import java.util.Random;

/** Envelopes for tests: one with every field set, and seeded random ones. */
final class Envelopes {

    private Envelopes() {
    }

    static CoapEnvelope full() {
        return CoapEnvelope.builder(EnvelopeKind.REQUEST, 2)
                .correlationId(0x1234_5678_9ABCL)
                .path("rd/ep-1")
                .query("rt=core.rd-ep&lt=90000")
                .contentFormat(40)
                .accept(50)
                .addEtag(new byte[] { 1, 2, 3, 4 })
                .addEtag(new byte[] { (byte) 0xFF })
                .observe(0)
                .maxAge(60)
                .locationPath("rd/4521")
                .payload("</sensors/temp>;rt=\"temperature-c\";if=sensor".getBytes())
                .identity(new CallerIdentity(CallerIdentity.TYPE_PSK, "gateway-7", "A/1/gA1"))
                .sourceNode("bologna/lab/node-2")
                .destinationNode("bologna")
                .voucher(new byte[] { (byte) 0xD2, (byte) 0x84, 0x43, 0x01, 0x02, 0x03 })
                .urgent(true)
                .build();
    }

    static CoapEnvelope random(Random r) {
        EnvelopeKind kind = EnvelopeKind.values()[r.nextInt(3)];
        int code = kind == EnvelopeKind.REQUEST ? 1 + r.nextInt(7) : (2 + r.nextInt(4)) << 5 | r.nextInt(32);
        EnvelopeBuilder b = CoapEnvelope.builder(kind, code)
                .correlationId(r.nextLong())
                .path(randomString(r, 40))
                .query(randomString(r, 30));
        if (r.nextBoolean()) {
            b.contentFormat(r.nextInt(CoapEnvelope.MAX_CONTENT_FORMAT + 1));
        }
        if (r.nextBoolean()) {
            b.accept(r.nextInt(CoapEnvelope.MAX_CONTENT_FORMAT + 1));
        }
        for (int i = r.nextInt(4); i > 0; i--) {
            byte[] etag = new byte[1 + r.nextInt(CoapEnvelope.MAX_ETAG_LENGTH)];
            r.nextBytes(etag);
            b.addEtag(etag);
        }
        if (r.nextBoolean()) {
            b.observe(r.nextInt(CoapEnvelope.MAX_OBSERVE + 1));
        }
        if (r.nextBoolean()) {
            b.maxAge(Math.abs(r.nextLong()) % (CoapEnvelope.MAX_MAX_AGE + 1));
        }
        if (r.nextBoolean()) {
            b.locationPath(randomString(r, 20));
        }
        byte[] payload = new byte[r.nextInt(200)];
        r.nextBytes(payload);
        b.payload(payload);
        if (r.nextBoolean()) {
            b.identity(new CallerIdentity("x509", "CN=" + randomString(r, 10) + "x", "B/2/gB2"));
        }
        if (r.nextBoolean()) {
            b.sourceNode(randomString(r, 20));
        }
        if (r.nextBoolean()) {
            b.destinationNode(randomString(r, 20));
        }
        b.urgent(r.nextBoolean()).classAsked(r.nextBoolean());
        if (r.nextBoolean()) {
            byte[] voucher = new byte[r.nextInt(CoapEnvelope.MAX_VOUCHER_BYTES + 1)];
            r.nextBytes(voucher);
            b.voucher(voucher);
        }
        return b.build();
    }

    /** Letters, digits, some punctuation and non-ASCII characters, including surrogate pairs. */
    static String randomString(Random r, int maxLength) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789/-_.=&;\"\u00e8\u00df\u4e2d\ud83d\ude00";
        StringBuilder sb = new StringBuilder();
        int length = r.nextInt(maxLength + 1);
        while (sb.length() < length) {
            int i = r.nextInt(alphabet.length());
            char c = alphabet.charAt(i);
            if (Character.isHighSurrogate(c)) {
                sb.append(c).append(alphabet.charAt(i + 1));
            } else if (!Character.isLowSurrogate(c)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
