package io.coaptree.harness.broker;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.moquette.interception.AbstractInterceptHandler;
import io.moquette.interception.messages.InterceptExceptionMessage;

/**
 * Restarts the embedded broker when Moquette loses one of its session loops.
 * <p>
 * Moquette 0.17 handles each client's packets on one of a few "Session Executor" threads, chosen by the client id.
 * When a command throws there, the thread ends and is never replaced: from then on every client of that thread is
 * connected but neither delivered to nor heard, until the broker restarts. Moquette has thrown there on its own, e.g.
 * an {@code IllegalReferenceCountException} while it handled a PUBACK on a busy machine; the four gateways of that
 * loop then went silent for the rest of a test. A broker process that died would be restarted by its supervisor (systemd for
 * Mosquitto on a gateway); this does the same for the part of Moquette that died, so the clients reconnect as they do
 * after any broker restart. It listens for nothing else, so it costs the broker nothing per message.
 */
final class SessionLoopSupervisor extends AbstractInterceptHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SessionLoopSupervisor.class);

    private final Consumer<Throwable> restart;
    private final AtomicInteger failures = new AtomicInteger();

    /** @param restart restarts the broker; called on a thread of its own, never on the dying loop */
    SessionLoopSupervisor(Consumer<Throwable> restart) {
        this.restart = restart;
    }

    @Override
    public String getID() {
        return "coaptree-session-loop-supervisor";
    }

    @Override
    public Class<?>[] getInterceptedMessageTypes() {
        return new Class<?>[] { InterceptExceptionMessage.class };
    }

    @Override
    public void onSessionLoopError(Throwable error) {
        int n = failures.incrementAndGet();
        LOG.warn("Moquette lost a session loop ({} so far): {}; restarting the embedded broker", n, error.toString());
        Thread restarter = new Thread(() -> restart.accept(error), "embedded-broker-restart");
        restarter.setDaemon(true);
        restarter.start();
    }

    /** Session loops lost since the broker was created. */
    int failures() {
        return failures.get();
    }
}
