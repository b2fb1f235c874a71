package io.coaptree.bench.jmh;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SealRefusedException;

/**
 * What the tree's message authentication costs per hop, as shipped: {@link MessageSeal} sealing (the sender) and
 * opening (the receiver: COSE decoding, the certificate from the cache, the signature or MAC, freshness) a real
 * encoded request envelope, in signature mode (COSE_Sign1, Ed25519 through Bouncy Castle, certificate carried),
 * signature mode with a link between the two gateways (COSE_Mac0 under their link key, as a query to one gateway is
 * sealed once they have seen each other's signed messages), signature mode as a follower with a link opens a heartbeat
 * (the signature and a tag for it, {@code follower-tag}: dB tags gB2, which follows it) and secret mode (COSE_Mac0,
 * HMAC 256/256). The replay window's check is a few array operations and is left out.
 * Prints the bytes on the wire per mode. Results: docs/performance.md, "Message authentication between gateways".
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SealBenchmark {

    private static final String TOPIC = "coaptree/B/2/gB2/query";

    @Param({ "signature", "link", "follower-tag", "secret" })
    public String mode;

    private MessageSeal sender;
    private MessageSeal receiver;
    private byte[] envelope;
    private byte[] sealed;
    private String addressee;

    @Setup(Level.Trial)
    public void prepare() throws SealRefusedException, io.coaptree.codec.EnvelopeCodecException {
        envelope = new EnvelopeCodec().encode(CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET)
                .correlationId(123_456_789L).path("temperature").query("").sourceNode("B/-/dB")
                .destinationNode("B/2/gB2").identity(new CallerIdentity(CallerIdentity.TYPE_PSK, "demo", "A/1/gA1")).build());
        if (!mode.equals("secret")) {
            TreePki pki = TreePki.create("Benchmark Tree CA");
            CertificateAuthorityTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
            TreePki.Gateway dB = pki.issue("B/-/dB");
            TreePki.Gateway gB2 = pki.issue("B/2/gB2");
            sender = MessageSeal.signingWithLinks("B/-/dB", 1, GatewayKey.of(dB.keys().getPrivate(),
                    dB.certificate()), trust, Clock.systemUTC(), 30_000, 64);
            receiver = MessageSeal.signingWithLinks("B/2/gB2", 1, GatewayKey.of(gB2.keys().getPrivate(),
                    gB2.certificate()), trust, Clock.systemUTC(), 30_000, 64);
            if (!mode.equals("signature")) { // each opens a heartbeat of the other, as gateways of one tree do
                String heartbeat = "coaptree/B/-/dB/heartbeat";
                receiver.open(heartbeat, sender.seal(heartbeat, envelope));
                sender.open(heartbeat, receiver.seal(heartbeat, envelope));
                addressee = mode.equals("link") ? "B/2/gB2" : null;
            }
        } else {
            char[] secret = "a benchmark tree secret of 40 characters".toCharArray();
            sender = MessageSeal.secret("B/-/dB", 1, secret, Clock.systemUTC(), 30_000);
            receiver = MessageSeal.secret("B/2/gB2", 1, secret, Clock.systemUTC(), 30_000);
        }
        sealed = seal();
        receiver.open(TOPIC, sealed);
        System.out.printf("%n#bytes %s: envelope %d, sealed %d (+%d)%n", mode, envelope.length, sealed.length,
                sealed.length - envelope.length);
    }

    @Benchmark
    public byte[] seal() {
        return mode.equals("follower-tag") ? sender.sealForFollowers(TOPIC, envelope)
                : sender.seal(TOPIC, envelope, addressee);
    }

    @Benchmark
    public MessageSeal.Opened open() throws SealRefusedException {
        return receiver.open(TOPIC, sealed);
    }
}
