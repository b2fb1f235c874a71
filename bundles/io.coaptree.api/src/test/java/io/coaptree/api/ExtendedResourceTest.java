package io.coaptree.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.californium.core.coap.LinkFormat;
import org.junit.jupiter.api.Test;

class ExtendedResourceTest {

    private static final class FixedNode implements CoAPServer {
        String domain = "";
        String group = "";

        @Override public boolean addResource(ExtendedResource r, Class<?> t) { return false; }
        @Override public boolean addResource(ExtendedResource r, Class<?> t, String p) { return false; }
        @Override public boolean removeResource(ExtendedResource r, Class<?> t) { return false; }
        @Override public List<ExtendedResource> getResources() { return List.of(); }
        @Override public String getDomain() { return domain; }
        @Override public String getGroup() { return group; }
        @Override public int getPort() { return -1; }
    }

    @Test
    void attributesAppearInTheResourceLink() {
        ExtendedResource resource = new ExtendedResource("temperature")
                .addAttribute("position", "bologna")
                .addAttribute("p1", "4000")
                .addAttribute("obs");

        String link = LinkFormat.serializeResource(resource).toString();

        // Californium quotes strings and leaves numbers bare
        assertTrue(link.startsWith("<temperature>"), link);
        assertTrue(link.contains("position=\"bologna\""), link);
        assertTrue(link.contains("p1=4000"), link);
        assertTrue(link.contains(";obs"), link);
        assertEquals("bologna", resource.getAttribute("position"));
    }

    @Test
    void removedAttributeIsGone() {
        ExtendedResource resource = new ExtendedResource("r").addAttribute("x", "1");
        resource.removeAttribute("x");
        assertNull(resource.getAttribute("x"));
    }

    @Test
    void attributeNameWithSeparatorIsRefused() {
        ExtendedResource resource = new ExtendedResource("r");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> resource.addAttribute("a;b", "1"));
        assertTrue(e.getMessage().contains("a;b"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> resource.addAttribute("", "1"));
    }

    @Test
    void domainAndGroupComeFromTheNodeAndBecomeAttributes() {
        FixedNode node = new FixedNode();
        node.domain = "emilia";
        node.group = "bologna";
        ExtendedResource resource = new ExtendedResource("r");

        resource.updateDomainAndGroup(node);

        assertEquals("emilia", resource.getDomain());
        assertEquals("bologna", resource.getGroup());
        assertEquals("emilia", resource.getAttribute(ExtendedResource.DOMAIN_ATTRIBUTE));
        assertEquals("bologna", resource.getAttribute(ExtendedResource.GROUP_ATTRIBUTE));
        assertTrue(resource.followsNodeDomainAndGroup());
    }

    @Test
    void emptyDomainRemovesTheAttribute() {
        FixedNode node = new FixedNode();
        node.domain = "emilia";
        ExtendedResource resource = new ExtendedResource("r");
        resource.updateDomainAndGroup(node);

        node.domain = "";
        resource.updateDomainAndGroup(node);

        assertEquals("", resource.getDomain());
        assertNull(resource.getAttribute(ExtendedResource.DOMAIN_ATTRIBUTE));
        assertNull(resource.getAttribute(ExtendedResource.GROUP_ATTRIBUTE));
    }

    @Test
    void explicitDomainStopsFollowingTheNode() {
        ExtendedResource resource = new ExtendedResource("r");
        resource.updateDomainAndGroup(new FixedNode());
        resource.setDomainAndGroup("d1", null);
        assertFalse(resource.followsNodeDomainAndGroup());
        assertEquals("d1", resource.getDomain());
        assertEquals("", resource.getGroup());
    }

    @Test
    void aDeliveryClassIsALinkAttributeAndRequestsChangeItOnlyWhereTheOwnerAllows() {
        ExtendedResource alarm = new ExtendedResource("alarm").setDeliveryClass("urgent", "normal");
        ExtendedResource bulk = new ExtendedResource("bulk").setDeliveryClass("normal");
        ExtendedResource plain = new ExtendedResource("plain");

        assertTrue(LinkFormat.serializeResource(alarm).toString().contains("dc=\"urgent\""),
                LinkFormat.serializeResource(alarm).toString());
        assertEquals("urgent", alarm.getDeliveryClass());
        assertEquals("urgent", alarm.deliveryClassFor(null), "not asked: the declared class");
        assertEquals("normal", alarm.deliveryClassFor("normal"), "lowering is allowed here");
        assertEquals("normal", bulk.deliveryClassFor("urgent"), "raising is not allowed here");
        assertNull(plain.deliveryClassFor(null), "neither: the gateway's default applies");
        assertEquals("urgent", plain.deliveryClassFor("urgent"), "no declaration, no restriction");
        assertThrows(IllegalArgumentException.class, () -> plain.setDeliveryClass("fast"));
    }
}
