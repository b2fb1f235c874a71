package io.coaptree.remotequery.lookup;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.node.ErrorAnswer;
import io.coaptree.remotequery.node.Upstream;
import io.coaptree.remotequery.routing.LookupAnswers;

/**
 * Collects the parts of one lookup (this gateway's own answer and each asked gateway's) and answers once with their
 * merge: 2.05 with what arrived, 5.04 if nothing did because every missing part timed out. Thread-safe: parts arrive
 * from the directory's caller and from the reply topic's workers.
 */
final class LookupGather {

    private final LookupAnswers answers;
    private final CoapEnvelope request;
    private final Upstream upstream;
    private final List<String> received = new ArrayList<>();
    private int remaining;
    private boolean timedOut;

    LookupGather(LookupAnswers answers, int parts, CoapEnvelope request, Upstream upstream) {
        this.answers = answers;
        this.remaining = parts;
        this.request = request;
        this.upstream = upstream;
    }

    /**
     * @param linkFormat one part's links, or null when it gave none
     * @param partTimedOut whether that part is missing because no answer came in time
     */
    void part(String linkFormat, boolean partTimedOut) {
        CoapEnvelope result;
        synchronized (this) {
            if (remaining <= 0) {
                return;
            }
            if (linkFormat != null) {
                received.add(linkFormat);
            }
            timedOut |= partTimedOut;
            if (--remaining > 0) {
                return;
            }
            if (received.isEmpty() && timedOut) {
                result = ErrorAnswer.to(request, CoapCodes.GATEWAY_TIMEOUT, "no gateway of the scope answered in time");
            } else {
                result = CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT)
                        .correlationId(request.correlationId()).contentFormat(CoapCodes.LINK_FORMAT)
                        .payload(answers.merge(received).getBytes(StandardCharsets.UTF_8)).build();
            }
        }
        upstream.reply(result);
    }
}
