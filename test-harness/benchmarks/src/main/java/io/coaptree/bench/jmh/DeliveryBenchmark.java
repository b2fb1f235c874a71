package io.coaptree.bench.jmh;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.delivery.BatchFrame;
import io.coaptree.tree.delivery.ClassedQueue;
import io.coaptree.tree.delivery.MalformedBatchException;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SealRefusedException;

/**
 * What delivery classes and batching cost and save per record, in signature mode: a hop seals, the next opens,
 * either one envelope per seal ({@code records=1}) or a batch of {@code records} envelopes under one seal
 * (SegaNet-like notifications of about 80 bytes; 12 fill the default 1 KB batch). Divide a batch's time by its
 * records for the cost per record. {@code queue} is one offer and one poll of the class queues that carry every
 * message through a gateway. Results: docs/performance.md, "Delivery classes and batching".
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DeliveryBenchmark {

    private static final String TOPIC = "coaptree/A/-/dA/reply";

    @Param({ "1", "4", "12" })
    public int records;

    private MessageSeal sender;
    private MessageSeal receiver;
    private byte[] payload;
    private List<byte[]> envelopes;
    private byte[] sealed;
    private final ClassedQueue<byte[]> queue = new ClassedQueue<>(Map.of(DeliveryClass.CONTROL, 1000,
            DeliveryClass.URGENT, 1000, DeliveryClass.NORMAL, 10_000), 4);

    @Setup(Level.Trial)
    public void prepare() throws EnvelopeCodecException, SealRefusedException {
        EnvelopeCodec codec = new EnvelopeCodec();
        envelopes = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            envelopes.add(codec.encode(CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, CoapCodes.CONTENT)
                    .correlationId(1_000 + i).observe(i).contentFormat(50)
                    .payload(("{\"dev\":" + i + ",\"t\":21.5,\"ts\":1764000000}").getBytes())
                    .sourceNode("A/1/gA1").destinationNode("A/-/dA").build()));
        }
        TreePki pki = TreePki.create("Benchmark Tree CA");
        CertificateAuthorityTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
        TreePki.Gateway gA1 = pki.issue("A/1/gA1");
        TreePki.Gateway dA = pki.issue("A/-/dA");
        sender = MessageSeal.signing("A/1/gA1", 1, GatewayKey.of(gA1.keys().getPrivate(), gA1.certificate()), trust,
                Clock.systemUTC(), 30_000);
        receiver = MessageSeal.signing("A/-/dA", 1, GatewayKey.of(dA.keys().getPrivate(), dA.certificate()), trust,
                Clock.systemUTC(), 30_000);
        payload = records == 1 ? envelopes.get(0) : BatchFrame.encode(envelopes);
        sealed = sender.seal(TOPIC, payload);
        receiver.open(TOPIC, sealed);
        System.out.printf("%n#bytes records=%d: payload %d, sealed %d%n", records, payload.length, sealed.length);
    }

    /** The sending hop: frame (for a batch) and seal. */
    @Benchmark
    public byte[] sealRecords() {
        return sender.seal(TOPIC, records == 1 ? envelopes.get(0) : BatchFrame.encode(envelopes));
    }

    /** The receiving hop: open and unpack (for a batch). */
    @Benchmark
    public Object openRecords() throws SealRefusedException, MalformedBatchException {
        MessageSeal.Opened opened = receiver.open(TOPIC, sealed);
        return records == 1 ? opened : BatchFrame.decode(opened.payload(), 64, 1 << 20);
    }

    /** One message through a class queue. */
    @Benchmark
    public byte[] queue() {
        queue.offer(DeliveryClass.NORMAL, payload);
        return queue.poll();
    }
}
