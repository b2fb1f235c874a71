package io.coaptree.it;


import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a user does with a gateway: discover, read, observe and drive its resources with real CoAP clients. */
class CoapClientsTest {

    private static TestGateway gateway;

    @BeforeAll
    static void startGateway() throws Exception {
        Clients.configure();
        gateway = TestGateway.start("clients");
    }

    @AfterAll
    static void stopGateway() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void californiumReadsTheTemperature() throws Exception {
        CoapResponse response = get("/temperature");
        assertEquals(ResponseCode.CONTENT, response.getCode());
        assertTrue(response.getResponseText().matches(".*\\d.*"), "a reading, got: " + response.getResponseText());
    }

    @Test
    void wellKnownCoreListsTheExamplesWithTheirAttributesAndFiltersByType() throws Exception {
        CoapResponse all = get("/.well-known/core");
        assertEquals(MediaTypeRegistry.APPLICATION_LINK_FORMAT, all.getOptions().getContentFormat());
        String links = all.getResponseText();
        assertTrue(links.contains("</temperature>"), links);
        assertTrue(links.contains("rt=\"temp\""), links);
        assertTrue(links.contains("position=\"bologna\""), links);
        assertTrue(links.contains("<" + Examples.ACTUATOR + ">"), links);

        String onlyTemp = get("/.well-known/core?rt=temp").getResponseText();
        assertTrue(onlyTemp.contains("</temperature>"), onlyTemp);
        assertTrue(!onlyTemp.contains("<" + Examples.ACTUATOR + ">"), "rt filter keeps only temp: " + onlyTemp);
    }

    @Test
    void libcoapReadsTheTemperatureAndDiscoversResources() throws Exception {
        Libcoap.Result read = Libcoap.run("coap-client-notls", "-m", "get", "-B", "10", gateway.uri("/temperature"));
        assertEquals(0, read.exitCode(), read.output());
        assertTrue(read.output().matches("(?s).*\\d.*"), "a reading, got: " + read.output());

        Libcoap.Result core = Libcoap.run("coap-client-notls", "-m", "get", "-B", "10",
                gateway.uri("/.well-known/core"));
        assertTrue(core.output().contains("</temperature>"), core.output());
    }

    @Test
    void libcoapPutChangesTheActuator() throws Exception {
        String target = Examples.otherState(get(Examples.ACTUATOR).getResponseText());
        Libcoap.Result put = Libcoap.run("coap-client-notls", "-m", "put", "-e", target, "-B", "10",
                gateway.uri(Examples.ACTUATOR));
        assertEquals(0, put.exitCode(), put.output());
        assertEquals(target, get(Examples.ACTUATOR).getResponseText().trim());
    }

    @Test
    void californiumPutChangesTheActuatorAndObserversAreNotified() throws Exception {
        CoapClient observer = new CoapClient(gateway.uri(Examples.ACTUATOR));
        BlockingQueue<String> notifications = new LinkedBlockingQueue<>();
        CoapObserveRelation relation = observer.observe(new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                notifications.add(response.getResponseText().trim());
            }

            @Override
            public void onError() {
                notifications.add("error");
            }
        });
        try {
            String initial = notifications.poll(10, TimeUnit.SECONDS);
            assertNotNull(initial, "the observe registration is answered with the current state");
            String target = Examples.otherState(initial);

            CoapClient writer = new CoapClient(gateway.uri(Examples.ACTUATOR));
            try {
                CoapResponse put = writer.put(target, MediaTypeRegistry.TEXT_PLAIN);
                assertEquals(ResponseCode.CHANGED, put.getCode());
            } finally {
                writer.shutdown();
            }
            assertEquals(target, notifications.poll(10, TimeUnit.SECONDS), "a notification carries the new state");
        } finally {
            relation.proactiveCancel();
            observer.shutdown();
        }
    }

    @Test
    void aBadActuatorPayloadIsABadRequestWithADiagnostic() throws Exception {
        CoapClient client = new CoapClient(gateway.uri(Examples.ACTUATOR));
        try {
            CoapResponse response = client.put("sideways", MediaTypeRegistry.TEXT_PLAIN);
            assertEquals(ResponseCode.BAD_REQUEST, response.getCode());
            assertTrue(!response.getResponseText().isBlank(), "the 4.00 says what is wrong");
        } finally {
            client.shutdown();
        }
    }

    private static CoapResponse get(String path) throws Exception {
        return Clients.get(gateway.uri(path));
    }
}
