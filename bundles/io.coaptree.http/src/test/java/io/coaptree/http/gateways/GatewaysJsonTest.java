package io.coaptree.http.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;

class GatewaysJsonTest {

    private static TreeMember member(NodePath path, String name, Liveness liveness) {
        return new TreeMember(NodeAddress.of(path, name), 1, "coap://127.0.0.1:5683", liveness, 0);
    }

    @Test
    void aGroupWhoseDomainIsDownHangsUnderTheRootAndReplicasAreListed() {
        TreeCollections tree = new TreeCollections();
        tree.put(member(NodePath.root(), "top", Liveness.UP));
        tree.put(member(NodePath.domain("A"), "dA", Liveness.DOWN));
        tree.put(member(NodePath.group("A", "1"), "gA1", Liveness.UP));
        tree.put(member(NodePath.group("A", "1"), "gA1b", Liveness.UP));
        tree.reattach();

        JsonObject json = GatewaysJson.of(NodeAddress.of(NodePath.group("A", "1"), "gA1"), tree);
        assertEquals("A/1/gA1", json.get("self").getAsString());
        JsonArray gateways = json.getAsJsonArray("gateways");
        assertEquals(4, gateways.size());
        JsonObject top = gateways.get(0).getAsJsonObject();
        assertEquals("top", top.get("name").getAsString());
        assertEquals(0, top.get("level").getAsInt());
        assertEquals("", top.get("parent").getAsString());
        assertEquals("-/-/top", top.get("address").getAsString());

        JsonObject dA = gateways.get(1).getAsJsonObject();
        assertFalse(dA.get("live").getAsBoolean());

        JsonObject gA1 = gateways.get(2).getAsJsonObject();
        assertEquals("gA1", gA1.get("name").getAsString());
        assertTrue(gA1.get("live").getAsBoolean());
        assertEquals(2, gA1.get("level").getAsInt());
        assertEquals("A", gA1.get("domain").getAsString());
        assertEquals("1", gA1.get("group").getAsString());
        assertEquals("top", gA1.get("parent").getAsString(), "dA is down: the effective parent is the root");
        assertEquals("[\"gA1\",\"gA1b\"]", gA1.get("replicas").toString());
    }

    @Test
    void withoutATreeThereAreNoGateways() {
        JsonObject json = GatewaysJson.of(null, null);
        assertEquals("", json.get("self").getAsString());
        assertEquals(0, json.getAsJsonArray("gateways").size());
    }
}
