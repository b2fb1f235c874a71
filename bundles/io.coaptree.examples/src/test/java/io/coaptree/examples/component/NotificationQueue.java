package io.coaptree.examples.component;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapResponse;

/** Collects Observe notifications so a test can wait for the next one with a deadline. */
final class NotificationQueue implements CoapHandler {

    private final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

    @Override
    public void onLoad(CoapResponse response) {
        texts.add(response.getResponseText());
    }

    @Override
    public void onError() {
        texts.add("<error>");
    }

    String next() throws InterruptedException {
        String text = texts.poll(5, TimeUnit.SECONDS);
        if (text == null) {
            throw new AssertionError("no notification within 5 s");
        }
        return text;
    }
}
