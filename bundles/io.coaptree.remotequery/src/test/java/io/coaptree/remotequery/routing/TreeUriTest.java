package io.coaptree.remotequery.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

class TreeUriTest {

    @Test
    void aStarAsTheNodeMeansAnyReplicaOfThePathAndANameStillOneGateway() throws Exception {
        RemoteTarget any = TreeUri.parse(List.of("tree", "A", "1", "*", "sensors", "temp"), List.of("a=1"));
        assertEquals(new RemoteTarget.AnyReplica(NodePath.group("A", "1"), "sensors/temp", "a=1"), any);
        assertEquals("A/1/*", ((RemoteTarget.AnyReplica) any).destinationText());
        assertEquals(new RemoteTarget.AnyReplica(NodePath.root(), "x", ""),
                TreeUri.parse(List.of("tree", "-", "-", "*", "x"), List.of()));
        assertEquals(new RemoteTarget.Resource(NodeAddress.parse("A/1/gA1b"), "x", ""),
                TreeUri.parse(List.of("tree", "A", "1", "gA1b", "x"), List.of()));
    }

    @Test
    void theEnvelopeDestinationReadsBackAsTheSameTarget() {
        assertEquals(new RemoteTarget.AnyReplica(NodePath.domain("B"), "t", ""),
                TreeUri.resourceTarget("B/-/*", "t", ""));
        assertEquals(new RemoteTarget.Resource(NodeAddress.parse("B/2/gB2"), "t", ""),
                TreeUri.resourceTarget("B/2/gB2", "t", ""));
        assertThrows(InvalidNodeException.class, () -> TreeUri.resourceTarget("B/*", "t", ""));
        assertThrows(InvalidNodeException.class, () -> TreeUri.resourceTarget("-/2/*", "t", ""));
        assertThrows(InvalidTreeUriException.class, () -> TreeUri.parse(List.of("tree", "A", "1", "*x"), List.of()));
    }
}
