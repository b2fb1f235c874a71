package io.coaptree.mqtt.kura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ListenerDispatcherTest {

    private final ListenerDispatcher dispatcher = new ListenerDispatcher("test-dispatch", 100);

    @AfterEach
    void close() {
        dispatcher.close(5000);
    }

    /** Records "event@thread" strings. */
    private static class Recorder implements DataTransportListener {
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();

        private void add(String e) {
            events.add(e + "@" + Thread.currentThread().getName());
        }

        @Override
        public void onConnectionEstablished(boolean newSession) {
            add("established:" + newSession);
        }

        @Override
        public void onDisconnecting() {
            add("disconnecting");
        }

        @Override
        public void onDisconnected() {
            add("disconnected");
        }

        @Override
        public void onConfigurationUpdating(boolean wasConnected) {
            add("updating");
        }

        @Override
        public void onConfigurationUpdated(boolean wasConnected) {
            add("updated");
        }

        @Override
        public void onConnectionLost(Throwable cause) {
            add("lost");
        }

        @Override
        public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
            add("arrived:" + topic);
        }

        @Override
        public void onMessageConfirmed(DataTransportToken token) {
            add("confirmed:" + token.getMessageId() + "/" + token.getSessionId());
        }

        String next() throws InterruptedException {
            String e = events.poll(10, TimeUnit.SECONDS);
            assertNotNull(e, "no event within 10 s");
            return e;
        }
    }

    @Test
    void deliversEveryEventInOrderOnItsOwnThread() throws Exception {
        Recorder r = new Recorder();
        dispatcher.add(r);
        dispatcher.add(r); // added once only
        dispatcher.connectionEstablished(true);
        dispatcher.messageArrived("a", new byte[0], 1, false);
        dispatcher.messageConfirmed(7, "s");
        dispatcher.connectionLost(new Exception());
        dispatcher.configurationUpdating(true);
        dispatcher.configurationUpdated(true);
        dispatcher.disconnected();
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            seen.add(r.next());
        }
        assertEquals(List.of("established:true@test-dispatch", "arrived:a@test-dispatch",
                "confirmed:7/s@test-dispatch", "lost@test-dispatch", "updating@test-dispatch",
                "updated@test-dispatch", "disconnected@test-dispatch"), seen);
        assertTrue(r.events.isEmpty());
    }

    @Test
    void aFailingListenerDoesNotStopTheOthers() throws Exception {
        dispatcher.add(new Recorder() {
            @Override
            public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
                throw new IllegalStateException("listener bug");
            }
        });
        Recorder r = new Recorder();
        dispatcher.add(r);
        dispatcher.messageArrived("x", new byte[0], 0, false);
        assertEquals("arrived:x@test-dispatch", r.next());
    }

    @Test
    void aBlockedListenerNeitherBlocksTheCallerNorLosesEventsWithinCapacity() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Recorder r = new Recorder() {
            @Override
            public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.onMessageArrived(topic, payload, qos, retained);
            }
        };
        dispatcher.add(r);
        for (int i = 0; i < 100; i++) { // one running plus up to 100 queued
            dispatcher.messageArrived("m" + i, new byte[0], 0, false);
        }
        assertEquals(0, dispatcher.droppedEvents());
        release.countDown();
        for (int i = 0; i < 100; i++) {
            assertEquals("arrived:m" + i + "@test-dispatch", r.next());
        }
    }

    @Test
    void overflowIsCountedInsteadOfBlocking() throws Exception {
        ListenerDispatcher tiny = new ListenerDispatcher("tiny-dispatch", 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        tiny.add(new Recorder() {
            @Override
            public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
                running.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        try {
            tiny.messageArrived("running", new byte[0], 0, false);
            assertTrue(running.await(10, TimeUnit.SECONDS));
            tiny.messageArrived("queued", new byte[0], 0, false);
            tiny.messageArrived("dropped-1", new byte[0], 0, false);
            tiny.messageArrived("dropped-2", new byte[0], 0, false);
            assertEquals(2, tiny.droppedEvents());
        } finally {
            release.countDown();
            tiny.close(5000);
        }
    }

    @Test
    void disconnectingIsDeliveredBeforeTheCallerGoesOnEvenFromTheDispatchThread() throws Exception {
        Recorder r = new Recorder();
        dispatcher.add(r);
        dispatcher.disconnectingAndWait(5000);
        assertEquals("disconnecting@test-dispatch", r.events.poll(), "already delivered when the call returns");

        // A listener that disconnects from inside an event must not wait for itself.
        CountDownLatch done = new CountDownLatch(1);
        dispatcher.add(new Recorder() {
            @Override
            public void onConnectionLost(Throwable cause) {
                dispatcher.disconnectingAndWait(60_000);
                done.countDown();
            }
        });
        dispatcher.connectionLost(new Exception());
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals("lost@test-dispatch", r.next());
        assertNotEquals(null, r.next()); // the nested disconnecting
    }

    /**
     * Transports hosted together (the fleet simulator) may run their listeners on the thread that has the event, as
     * Kura's own transport does: each event is delivered before the call returns, in order, and 'disconnecting' too.
     */
    @Test
    void onTheCallersThreadEveryEventIsDeliveredBeforeTheCallReturns() throws Exception {
        ListenerDispatcher direct = ListenerDispatcher.onCallersThread();
        Recorder r = new Recorder();
        direct.add(r);
        String caller = Thread.currentThread().getName();
        direct.connectionEstablished(false);
        assertEquals("established:false@" + caller, r.events.poll());
        direct.messageArrived("a", new byte[0], 1, false);
        assertEquals("arrived:a@" + caller, r.events.poll());
        direct.disconnectingAndWait(5000);
        assertEquals("disconnecting@" + caller, r.events.poll());
        direct.close(5000);
        assertEquals(0, direct.droppedEvents());
    }
}
