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
}
