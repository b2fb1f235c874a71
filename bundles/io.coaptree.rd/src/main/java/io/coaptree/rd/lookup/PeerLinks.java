package io.coaptree.rd.lookup;

import java.net.InetAddress;
import java.util.Optional;

/**
 * Which of the directory host's links (network interfaces) a peer is directly attached to: the link a registration
 * or lookup "was made from" in RFC 9176 sections 5, 6.1 and 6.4.
 */
@FunctionalInterface
public interface PeerLinks {

    /** Nobody is on any link: every link-local base is refused or hidden. */
    PeerLinks NONE = peer -> Optional.empty();

    /**
     * The name of the interface through which {@code peer} is reached without a router, or empty when the directory
     * cannot tell (a routed peer, a loopback peer, an ambiguous address). Must be cheap: it may run per request.
     */
    Optional<String> linkOf(InetAddress peer);
}
