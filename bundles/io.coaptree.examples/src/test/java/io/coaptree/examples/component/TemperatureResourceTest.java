package io.coaptree.examples.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TemperatureResourceTest {

    private final LocalNode node = new LocalNode("emilia", "bologna");
    private final AtomicReference<Double> reading = new AtomicReference<>(21.0);
    // a long period: the test drives refresh() itself
    private final TemperatureResource temperature = new TemperatureResource(reading::get, 3_600_000);

    /** What Declarative Services does: bind the server, then activate. */
    private void activate() {
        temperature.setCoAPServer(node.server);
        temperature.activate(null);
    }

    @AfterEach
    void close() {
        node.close();
    }

    @Test
    void getReturnsTheCurrentReading() throws Exception {
        activate();
        CoapResponse response = node.client("temperature").get();
        assertEquals(ResponseCode.CONTENT, response.getCode());
        assertEquals("21.0", response.getResponseText());
        temperature.deactivate(null);
    }

    @Test
    void discoveryListsTheDesignsAttributesAndFiltersByResourceType() throws Exception {
        activate();
        String links = node.client(".well-known/core?rt=temp").get().getResponseText();
        assertTrue(links.contains("</temperature>"), links);
        assertTrue(links.contains("position=\"bologna\""), links);
        assertTrue(links.contains("p1=4000") || links.contains("p1=\"4000\""), links);
        assertTrue(links.contains("rt=\"temp\""), links);
        assertTrue(links.contains("d=\"emilia\""), links);
        assertTrue(links.contains("gp=\"bologna\""), links);
        assertTrue(links.contains(";obs"), links);

        String none = node.client(".well-known/core?rt=humidity").get().getResponseText();
        assertFalse(none.contains("</temperature>"), none);
        temperature.deactivate(null);
    }

    @Test
    void observersAreNotifiedWhenTheReadingChanges() throws Exception {
        activate();
        NotificationQueue notifications = new NotificationQueue();
        CoapObserveRelation relation = node.client("temperature").observe(notifications);
        try {
            assertEquals("21.0", notifications.next());
            reading.set(22.46);
            temperature.refresh();
            assertEquals("22.5", notifications.next());
        } finally {
            relation.proactiveCancel();
            temperature.deactivate(null);
        }
    }

    @Test
    void deactivationWithdrawsTheResource() throws Exception {
        activate();
        temperature.deactivate(null);
        assertEquals(ResponseCode.NOT_FOUND, node.client("temperature").get().getCode());
        assertTrue(node.server.getResources().isEmpty());
    }

    @Test
    void theSimulatedThermometerStaysPlausible() {
        TemperatureResource.SimulatedThermometer thermometer = new TemperatureResource.SimulatedThermometer(20.0);
        for (int i = 0; i < 10_000; i++) {
            double celsius = thermometer.getAsDouble();
            assertTrue(celsius >= 15.0 && celsius <= 30.0, Double.toString(celsius));
        }
    }
}
