package io.coaptree.bench.coap;

import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.bench.load.RequestIssuer.Outcome;

/** Reports how a CoAP request ended to the load engine: a 2.xx succeeds, anything else fails with its reason. */
public final class OutcomeObserver extends MessageObserverAdapter {

    private final Outcome outcome;

    public OutcomeObserver(Outcome outcome) {
        this.outcome = outcome;
    }

    @Override
    public void onResponse(Response response) {
        if (response.isSuccess()) {
            outcome.succeeded();
        } else {
            outcome.failed("coap " + response.getCode().text);
        }
    }

    @Override
    public void onReject() {
        outcome.failed("coap reset");
    }

    @Override
    public void onTimeout() {
        outcome.failed("coap timeout");
    }

    @Override
    public void onSendError(Throwable error) {
        outcome.failed("send error: " + error.getClass().getSimpleName());
    }
}
