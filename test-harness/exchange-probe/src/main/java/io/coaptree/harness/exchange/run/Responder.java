package io.coaptree.harness.exchange.run;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.data.DataTransportService;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.codec.EnvelopeKind;

/**
 * Answers every request envelope on {@link ProbeSettings#requestTopic()} with a 2.05 response carrying the same
 * correlation id and payload, published on {@link ProbeSettings#responseTopic()}.
 */
public final class Responder extends ProbeRole {

    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private volatile String firstError = "";

    public Responder(DataTransportService transport, ProbeSettings settings, EnvelopeCodec codec, String nodeName) {
        super(transport, settings, codec, nodeName);
    }

    /** Waits for the connection, then subscribes to the requests. */
    public void start() throws KuraException, InterruptedException, TimeoutException {
        if (!gate.await(transport, settings.timeoutMillis())) {
            throw new TimeoutException("not connected to " + transport.getBrokerUrl() + " within "
                    + settings.timeoutMillis() + " ms");
        }
        transport.subscribe(settings.requestTopic(), settings.qos());
    }

    @Override
    protected void handle(String topic, byte[] payload) {
        if (!settings.requestTopic().equals(topic)) {
            return;
        }
        try {
            CoapEnvelope request = codec.decode(payload);
            if (request.kind() != EnvelopeKind.REQUEST) {
                throw new EnvelopeCodecException("expected a request, got a " + request.kind());
            }
            CoapEnvelope response = CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT)
                    .correlationId(request.correlationId())
                    .contentFormat(request.contentFormat())
                    .payload(request.payload())
                    .sourceNode(nodeName)
                    .destinationNode(request.sourceNode())
                    .build();
            publisher.publish(settings.responseTopic(), codec.encode(response), settings.qos());
            answered.incrementAndGet();
        } catch (EnvelopeCodecException | KuraException e) {
            error(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error(e.toString());
        }
    }

    private void error(String what) {
        if (errors.getAndIncrement() == 0) {
            firstError = what;
        }
    }

    public long answered() {
        return answered.get();
    }

    public long errors() {
        return errors.get();
    }

    public String firstError() {
        return firstError;
    }

    public long backoffs() {
        return publisher.backoffs();
    }
}
