package io.coaptree.tree.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.delivery.TopicLanes;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.options.DeliveryOptions;
import io.coaptree.tree.topics.TreeTopics;

/**
 * A message whose handler throws, an Error included, is counted as {@code failed}, logged at the refusals' rate,
 * and dropped; the gateway's one worker handles the next message. Arrivals come in as the MQTT transport delivers
 * them, through its listener callback.
 */
class HandlerErrorsTest {

    private static final String HEARTBEAT = "coaptree/B/-/dB/heartbeat";

    private final GatewayDelivery delivery = new GatewayDelivery(
            DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 1)), "t");
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final DroppedMessages dropped = new DroppedMessages(Clock.systemUTC(), 60_000, warnings::add);
    private final ListenerOnly transport = new ListenerOnly();
    private final DataTransportMessageBus bus = new DataTransportMessageBus(transport, retries, delivery,
            new TopicLanes(new TreeTopics("coaptree")), dropped, -1);

    @AfterEach
    void close() {
        bus.close();
        delivery.close();
        retries.shutdownNow();
    }

    @Test
    void aHandlerThatThrowsAnErrorCostsItsMessageOnly() throws Exception {
        CompletableFuture<String> served = new CompletableFuture<>();
        bus.subscribe("coaptree/+/+/+/heartbeat", (topic, payload) -> {
            if (payload[0] == 1) {
                throw new OutOfMemoryError("Java heap space");
            }
            if (payload[0] == 2) {
                throw new StackOverflowError();
            }
            served.complete(topic);
        });

        for (int i = 1; i <= 2; i++) {
            transport.listener.onMessageArrived(HEARTBEAT, new byte[] { (byte) i }, 1, false);
        }
        transport.listener.onMessageArrived(HEARTBEAT, new byte[] { 3 }, 1, false);

        assertEquals(HEARTBEAT, served.get(10, TimeUnit.SECONDS));
        assertEquals(2, dropped.count(DropReason.FAILED));
        assertEquals(0, delivery.failures(), "the bus counted them; nothing reached the delivery's last defence");
        assertEquals(1, warnings.size(), "one line per interval: " + warnings);
        assertTrue(warnings.get(0).contains("failed: the handler of coaptree/+/+/+/heartbeat threw "
                + "java.lang.OutOfMemoryError: Java heap space"), warnings.get(0));
    }

    /** A transport that is never connected: this test hands arrivals to its listener itself. */
    private static final class ListenerOnly implements DataTransportService {
        volatile DataTransportListener listener;

        @Override
        public void addDataTransportListener(DataTransportListener l) {
            listener = l;
        }

        @Override
        public void removeDataTransportListener(DataTransportListener l) {
            listener = null;
        }

        @Override
        public boolean isConnected() {
            return false;
        }

        @Override
        public void connect() {
        }

        @Override
        public String getBrokerUrl() {
            return "mqtt://nowhere";
        }

        @Override
        public String getAccountName() {
            return "";
        }

        @Override
        public String getUsername() {
            return "";
        }

        @Override
        public String getClientId() {
            return "dB";
        }

        @Override
        public void disconnect(long quiesceTimeout) {
        }

        @Override
        public void subscribe(String topic, int qos) {
        }

        @Override
        public void unsubscribe(String topic) {
        }

        @Override
        public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain) {
            return null;
        }
    }
}
