package io.coaptree.it.tree;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapResponse;

/** The answers of an Observe relation, in arrival order, for a test to wait on. */
final class Notifications implements CoapHandler {

    private final BlockingQueue<CoapResponse> arrived = new LinkedBlockingQueue<>();

    @Override
    public void onLoad(CoapResponse response) {
        arrived.add(response);
    }

    @Override
    public void onError() {
        // a notification that never comes fails next()
    }

    /** The next answer within {@code timeout}; null if none came. */
    CoapResponse next(Duration timeout) throws InterruptedException {
        return arrived.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
