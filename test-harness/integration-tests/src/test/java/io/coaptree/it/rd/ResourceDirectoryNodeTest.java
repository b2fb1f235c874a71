package io.coaptree.it.rd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/** The Resource Directory as users get it: installed with the coaptree package on an emulated Kura node. */
class ResourceDirectoryNodeTest {

    private static final int LINK_FORMAT = MediaTypeRegistry.APPLICATION_LINK_FORMAT;
    private static RdNode gateway;

    @BeforeAll
    static void start() throws Exception {
        // check the node's own resources every second so the aggregation test does not wait long
        gateway = RdNode.start("rd-node", Map.of("local.registration.check.seconds", 1));
        // Ready as a user finds it: the directory answers and has registered the node's own resources, so no test
        // runs while the node is still starting services (and threads) of its own.
        long deadline = System.nanoTime() + RdNode.TIMEOUT.toNanos();
        while (!awaitContent("/rd-lookup/res?ep=gateway&rt=temp").contains("/temperature>")) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the node's own resources are not registered within " + RdNode.TIMEOUT);
            }
            Thread.sleep(100);
        }
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void theDirectoryIsActiveAndDiscoverable() throws Exception {
        assertEquals(Bundle.ACTIVE, gateway.bundle("io.coaptree.rd").getState());
        String discovery = awaitContent("/.well-known/core?rt=core.rd*");
        assertTrue(discovery.contains("</rd>"), discovery);
        assertTrue(discovery.contains("</rd-lookup/ep>"), discovery);
        assertTrue(discovery.contains("</rd-lookup/res>"), discovery);
    }

    @Test
    void californiumRegistersAndLooksUpInTheNodesDomain() throws Exception {
        CoapResponse created = gateway.client("/rd?ep=cf-sensor&lt=300").post(
                "</temp>;rt=\"temperature-c\";if=\"sensor\"".getBytes(StandardCharsets.UTF_8), LINK_FORMAT);
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        String endpoints = awaitContent("/rd-lookup/ep?ep=cf-sensor");
        assertTrue(endpoints.startsWith("</" + created.getOptions().getLocationPathString() + ">"), endpoints);
        assertTrue(endpoints.contains("d=\"" + RdNode.DOMAIN + "\""), "the node's domain is the sector: " + endpoints);
        String resources = awaitContent("/rd-lookup/res?rt=temperature-c&d=" + RdNode.DOMAIN);
        assertTrue(resources.contains("/temp>"), resources);
    }

    @Test
    void libcoapRegistersAndLooksUp() throws Exception {
        String registered = RdNode.coapClientNotls("-m", "post", "-t", "40", "-e",
                "</valve>;rt=\"actuator\";if=\"core.a\"", gateway.uri("/rd?ep=libcoap-node&lt=300"));
        assertTrue(!registered.contains("4.") && !registered.contains("5."), "libcoap registration: " + registered);
        String lookup = RdNode.coapClientNotls("-m", "get", gateway.uri("/rd-lookup/res?ep=libcoap-node"));
        assertTrue(lookup.contains("/valve>") && lookup.contains("actuator"), lookup);
        String endpoints = RdNode.coapClientNotls("-m", "get", gateway.uri("/rd-lookup/ep?rt=core.rd-ep&ep=libcoap*"));
        assertTrue(endpoints.contains("ep=\"libcoap-node\""), endpoints);
    }

    @Test
    void theNodesOwnResourcesAreRegisteredInOneRegistration() throws Exception {
        long deadline = System.nanoTime() + RdNode.TIMEOUT.toNanos();
        String lookup = "";
        while (!lookup.contains("/temperature>") && System.nanoTime() < deadline) {
            lookup = content("/rd-lookup/res?ep=gateway&rt=temp");
            if (!lookup.contains("/temperature>")) {
                Thread.sleep(100);
            }
        }
        assertTrue(lookup.contains("/temperature>"), "the examples' /temperature in the local registration: " + lookup);
        assertTrue(content("/rd-lookup/res?ep=gateway").contains("/switch>"), "and /switch in the same one");
        assertEquals(1, content("/rd-lookup/ep?ep=gateway").split(",").length);
    }

    @Test
    void registrationsSurviveARestartOfTheBundle() throws Exception {
        CoapResponse created = gateway.client("/rd?ep=survivor&lt=3600").post(
                "</s>;rt=\"survivor-type\"".getBytes(StandardCharsets.UTF_8), LINK_FORMAT);
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        String location = created.getOptions().getLocationPathString();

        Bundle rd = gateway.bundle("io.coaptree.rd");
        rd.stop();
        assertEquals(ResponseCode.NOT_FOUND, gateway.client("/rd-lookup/ep").get().getCode(), "the directory is gone");
        rd.start();

        String endpoints = awaitContent("/rd-lookup/ep?ep=survivor");
        assertTrue(endpoints.startsWith("</" + location + ">"), "same location after the restart: " + endpoints);
        assertTrue(content("/rd-lookup/res?rt=survivor-type").contains("/s>"));
    }

    @Test
    void fiveHundredRegistrationsAddNoThreadToTheNode() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // warm: the client endpoint's threads and the server's exchange handling exist before counting
        assertEquals(ResponseCode.CREATED, register("warm-up").getCode());
        int before = threads.getThreadCount();
        for (int i = 0; i < 500; i++) {
            CoapResponse response = register("load-" + i);
            assertEquals(ResponseCode.CREATED, response.getCode(), response.getResponseText());
        }
        int after = threads.getThreadCount();
        assertTrue(after <= before + 2, "threads grew from " + before + " to " + after + " over 500 registrations");
        String last = content("/rd-lookup/ep?ep=load-499");
        assertTrue(last.contains("load-499"), last);
    }

    private static CoapResponse register(String ep) throws Exception {
        return gateway.client("/rd?ep=" + ep + "&lt=300").post(
                ("</s1>;rt=\"temperature-c\";p1=4000,</s2>;rt=\"humidity\",</s3>;rt=\"light\",</s4>;rt=\"switch\"")
                        .getBytes(StandardCharsets.UTF_8),
                LINK_FORMAT);
    }

    private static String content(String pathAndQuery) throws Exception {
        CoapResponse response = gateway.client(pathAndQuery).get();
        return response != null && response.getCode() == ResponseCode.CONTENT ? response.getResponseText() : "";
    }

    /** The first 2.05 answer, waiting while the directory (re)starts. */
    private static String awaitContent(String pathAndQuery) throws Exception {
        long deadline = System.nanoTime() + RdNode.TIMEOUT.toNanos();
        while (true) {
            CoapResponse response = gateway.client(pathAndQuery).get();
            if (response != null && response.getCode() == ResponseCode.CONTENT) {
                return response.getResponseText();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no 2.05 from " + pathAndQuery + " within " + RdNode.TIMEOUT + ": "
                        + (response == null ? "no response" : response.getCode() + " " + response.getResponseText()));
            }
            Thread.sleep(100);
        }
    }
}
