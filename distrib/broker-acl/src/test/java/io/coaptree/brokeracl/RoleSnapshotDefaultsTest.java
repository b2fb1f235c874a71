package io.coaptree.brokeracl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The defaults this tool assumes for what a role snapshot leaves out are the defaults the tree handler and remote
 * queries ship in their metatypes (written by the build from their options classes).
 */
class RoleSnapshotDefaultsTest {

    @Test
    void theToolsDefaultsAreTheShippedOnes() throws Exception {
        assertEquals(RoleSnapshot.DEFAULT_PREFIX, shippedDefault(RoleSnapshot.TREE_PID, "tree.topic.prefix"));
        assertEquals(Integer.toString(RoleSnapshot.DEFAULT_LEVEL), shippedDefault(RoleSnapshot.TREE_PID, "tree.level"));
        assertEquals(Boolean.toString(RoleSnapshot.DEFAULT_DIRECT_ROUTES),
                shippedDefault(RoleSnapshot.REMOTE_QUERY_PID, "remotequery.route.direct"));
        assertEquals(Integer.toString(RoleSnapshot.DEFAULT_MAX_PAYLOAD_BYTES),
                shippedDefault(RoleSnapshot.REMOTE_QUERY_PID, "codec.max.payload.bytes"));
    }

    private String shippedDefault(String pid, String id) throws Exception {
        try (InputStream in = getClass().getClassLoader()
                .getResourceAsStream("OSGI-INF/metatype/" + pid + ".xml")) {
            assertNotNull(in, pid + "'s metatype is on the class path");
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList ads = factory.newDocumentBuilder().parse(in).getElementsByTagName("AD");
            for (int i = 0; i < ads.getLength(); i++) {
                Element ad = (Element) ads.item(i);
                if (ad.getAttribute("id").equals(id)) {
                    return ad.getAttribute("default");
                }
            }
        }
        throw new AssertionError(pid + " has no setting " + id);
    }
}
