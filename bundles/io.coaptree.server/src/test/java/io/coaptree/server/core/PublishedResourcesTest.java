package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.server.resources.Resource;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;

class PublishedResourcesTest {

    private final CoapResource root = new CoapResource("");
    private final PublishedResources published = new PublishedResources(root);

    private Resource at(String... path) {
        Resource node = root;
        for (String segment : path) {
            node = node == null ? null : node.getChild(segment);
        }
        return node;
    }

    @Test
    void publishesAtTheRootByDefault() {
        ExtendedResource temperature = new ExtendedResource("temperature");
        assertTrue(published.publish(temperature, ExtendedResource.class, null));
        assertSame(temperature, at("temperature"));
        assertEquals(List.of(temperature), published.resources());
    }

    @Test
    void missingParentsAreCreatedInvisibleAndRemovedWithTheLastChild() {
        ExtendedResource a = new ExtendedResource("a");
        ExtendedResource b = new ExtendedResource("b");
        assertTrue(published.publish(a, ExtendedResource.class, "/sensors/kitchen/"));
        assertTrue(published.publish(b, ExtendedResource.class, "sensors/kitchen"));
        assertFalse(at("sensors").isVisible());
        assertSame(a, at("sensors", "kitchen", "a"));

        published.withdraw(a);
        assertSame(b, at("sensors", "kitchen", "b"));
        published.withdraw(b);
        assertNull(at("sensors"));
    }

    @Test
    void existingResourcesServeAsParentsAndAreNeverRemoved() {
        CoapResource wellKnown = new CoapResource(".well-known", false);
        root.add(wellKnown);
        ExtendedResource rd = new ExtendedResource("rd");
        assertTrue(published.publish(rd, ExtendedResource.class, ".well-known"));
        published.withdraw(rd);
        assertSame(wellKnown, at(".well-known"));
    }

    @Test
    void aTakenPathIsRefusedInsteadOfReplaced() {
        ExtendedResource first = new ExtendedResource("switch");
        ExtendedResource second = new ExtendedResource("switch");
        assertTrue(published.publish(first, ExtendedResource.class, "x"));
        assertFalse(published.publish(second, ExtendedResource.class, "x"));
        assertSame(first, at("x", "switch"));
        assertEquals(List.of(first), published.resources());
    }

    @Test
    void resourcesNotPublishedHereAreNotReplacedEither() {
        CoapResource foreign = new CoapResource("taken");
        root.add(foreign);
        assertFalse(published.publish(new ExtendedResource("taken"), ExtendedResource.class, null));
        assertSame(foreign, at("taken"));
    }

    @Test
    void publishingTwiceAtTheSamePathIsHarmlessElsewhereRefused() {
        ExtendedResource r = new ExtendedResource("r");
        assertTrue(published.publish(r, ExtendedResource.class, "a"));
        assertTrue(published.publish(r, ExtendedResource.class, "/a/"));
        assertFalse(published.publish(r, ExtendedResource.class, "b"));
        assertEquals(1, published.resources().size());
    }

    @Test
    void withdrawingAParentKeepsItsChildrenReachable() {
        ExtendedResource parent = new ExtendedResource("room");
        ExtendedResource child = new ExtendedResource("lamp");
        published.publish(parent, ExtendedResource.class, null);
        published.publish(child, ExtendedResource.class, "room");

        published.withdraw(parent);
        assertSame(child, at("room", "lamp"));
        assertFalse(at("room").isVisible());

        // published again, the real resource replaces the placeholder and adopts the child
        assertTrue(published.publish(parent, ExtendedResource.class, null));
        assertSame(parent, at("room"));
        assertSame(child, at("room", "lamp"));
    }

    @Test
    void invalidNamesPathsAndTypesAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> published.publish(new ExtendedResource("a/b"), ExtendedResource.class, null));
        assertThrows(IllegalArgumentException.class,
                () -> published.publish(new ExtendedResource("ok"), ExtendedResource.class, "a//b"));
        assertThrows(IllegalArgumentException.class,
                () -> published.publish(new ExtendedResource("ok"), ExtendedResource.class, "a/../b"));
        assertThrows(IllegalArgumentException.class,
                () -> published.publish(new ExtendedResource("ok"), String.class, null));
        assertTrue(published.resources().isEmpty());
    }

    @Test
    void withdrawingAnUnknownResourceReportsFalse() {
        assertFalse(published.withdraw(new ExtendedResource("never")));
    }
}
