package io.coaptree.examples.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;

class SwitchResourceTest {

    private final LocalNode node = new LocalNode("", "");
    private final SwitchResource light = new SwitchResource();

    @BeforeEach
    void publish() {
        // what the whiteboard does with the SwitchResource service
        assertTrue(node.server.addResource(light, ExtendedResource.class));
    }

    @AfterEach
    void close() {
        node.close();
    }

    private CoapResponse put(String payload) throws Exception {
        return node.client("switch").put(payload, MediaTypeRegistry.TEXT_PLAIN);
    }

    @Test
    void startsOff() throws Exception {
        assertEquals("off", node.client("switch").get().getResponseText());
    }

    @Test
    void putChangesTheState() throws Exception {
        CoapResponse response = put("on");
        assertEquals(ResponseCode.CHANGED, response.getCode());
        assertEquals("on", node.client("switch").get().getResponseText());

        assertEquals(ResponseCode.CHANGED, put(" FALSE ").getCode());
        assertEquals("off", node.client("switch").get().getResponseText());
    }

    @Test
    void aBadPayloadIsRefusedWithADiagnostic() throws Exception {
        CoapResponse response = put("maybe");
        assertEquals(ResponseCode.BAD_REQUEST, response.getCode());
        assertTrue(response.getResponseText().contains("expected on or off"), response.getResponseText());
        assertTrue(response.getResponseText().contains("maybe"), response.getResponseText());
        assertEquals(ResponseCode.BAD_REQUEST, put("").getCode());
        assertEquals("off", node.client("switch").get().getResponseText());
    }

    @Test
    void postSetsOrToggles() throws Exception {
        CoapResponse set = node.client("switch").post("1", MediaTypeRegistry.TEXT_PLAIN);
        assertEquals(ResponseCode.CHANGED, set.getCode());
        assertEquals("on", node.client("switch").get().getResponseText());

        CoapResponse toggled = node.client("switch").post("", MediaTypeRegistry.TEXT_PLAIN);
        assertEquals(ResponseCode.CHANGED, toggled.getCode());
        assertEquals("off", toggled.getResponseText());
    }

    @Test
    void observersSeeEveryChange() throws Exception {
        NotificationQueue notifications = new NotificationQueue();
        CoapObserveRelation relation = node.client("switch").observe(notifications);
        try {
            assertEquals("off", notifications.next());
            put("on");
            assertEquals("on", notifications.next());
            put("off");
            assertEquals("off", notifications.next());
        } finally {
            relation.proactiveCancel();
        }
    }

    @Test
    void discoveryDescribesAnActuator() throws Exception {
        String links = node.client(".well-known/core?if=core.a").get().getResponseText();
        assertTrue(links.contains("</switch>"), links);
        assertTrue(links.contains("rt=\"switch\""), links);
    }
}
