package io.coaptree.remotequery.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.tree.model.NodeAddress;

class LookupAnswersTest {

    private final LookupAnswers answers = new LookupAnswers(LinkFormatParser.withDefaults(), 100);
    private final NodeAddress self = NodeAddress.parse("A/1/gA1");

    @Test
    void linksOnTheGatewaysOwnServerBecomeTreePathsAndOthersStay() throws Exception {
        String local = "<coap://127.0.0.1:5683/temperature>;rt=\"temp\";anchor=\"coap://127.0.0.1:5683\","
                + "<coap://10.0.0.9:5683/lamp>;anchor=\"coap://10.0.0.9:5683\",</switch>";
        String tree = answers.toTreeLinks(self, local, origin -> origin.equals("coap://127.0.0.1:5683"));
        assertEquals("</tree/A/1/gA1/temperature>;rt=\"temp\";anchor=\"/tree/A/1/gA1\","
                + "<coap://10.0.0.9:5683/lamp>;anchor=\"coap://10.0.0.9:5683\",</tree/A/1/gA1/switch>", tree);
    }

    @Test
    void aChildsSynchronisedTreePathOnThisGatewayStaysTheChildsTreePath() throws Exception {
        NodeAddress domain = NodeAddress.parse("A/-/dA");
        String local = "<coap://127.0.0.1:5683/tree/A/1/gA1/temperature>;anchor=\"coap://127.0.0.1:5683/tree/A/1/gA1\"";
        assertEquals("</tree/A/1/gA1/temperature>;anchor=\"/tree/A/1/gA1\"",
                answers.toTreeLinks(domain, local, origin -> origin.equals("coap://127.0.0.1:5683")));
    }

    @Test
    void eachOriginIsRecognisedOncePerPassHoweverManyLinksShareIt() throws Exception {
        StringBuilder local = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            local.append(i == 0 ? "" : ",").append("<coap://127.0.0.1:5683/s").append(i)
                    .append(">;anchor=\"coap://127.0.0.1:5683\"");
        }
        local.append(",<coap://10.0.0.9:5683/lamp>");
        java.util.List<String> asked = new java.util.ArrayList<>();
        String tree = answers.toTreeLinks(self, local.toString(), origin -> {
            asked.add(origin);
            return origin.equals("coap://127.0.0.1:5683");
        });
        assertEquals(java.util.List.of("coap://127.0.0.1:5683", "coap://10.0.0.9:5683"), asked);
        assertEquals(401, tree.split(",").length);
        assertEquals(true, tree.startsWith("</tree/A/1/gA1/s0>;anchor=\"/tree/A/1/gA1\""), tree);
        assertEquals(true, tree.endsWith(",<coap://10.0.0.9:5683/lamp>"), tree);
    }
}
