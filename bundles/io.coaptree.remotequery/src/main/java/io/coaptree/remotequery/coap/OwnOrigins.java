package io.coaptree.remotequery.coap;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import io.coaptree.api.CoAPServer;

/**
 * Recognises origins ({@code coap://host:port}) of this gateway's own CoAP server: an IP literal of one of this
 * machine's interfaces and the server's current plain or DTLS port. The Resource Directory resolves the gateway's own
 * registration against such an origin; lookups across the tree answer those links as tree paths instead. Host names
 * are never resolved (a lookup must not wait on DNS), so they never match.
 */
public final class OwnOrigins implements Predicate<String> {

    /** An IP literal, never a name (compiled once: every link of the gateway's own registration is tested). */
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|\\[[0-9a-fA-F:.%\\w]+\\]");

    private final CoAPServer server;

    public OwnOrigins(CoAPServer server) {
        this.server = server;
    }

    /**
     * An origin of this gateway's plain CoAP endpoint that {@link #test} accepts: a site-local IPv4 address of this
     * machine if it has one (what other machines on the site reach), else the loopback address.
     */
    public String origin() {
        String host = InetAddress.getLoopbackAddress().getHostAddress();
        try {
            search: for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && address.isSiteLocalAddress()) {
                        host = address.getHostAddress();
                        break search;
                    }
                }
            }
        } catch (SocketException e) {
            // the loopback address then
        }
        return "coap://" + host + ":" + server.getPort();
    }

    @Override
    public boolean test(String origin) {
        URI uri;
        try {
            uri = new URI(origin);
        } catch (URISyntaxException e) {
            return false;
        }
        String scheme = uri.getScheme();
        String host = uri.getHost();
        if (scheme == null || host == null || !IP_LITERAL.matcher(host).matches()) {
            return false;
        }
        int port;
        if ("coap".equalsIgnoreCase(scheme)) {
            port = uri.getPort() < 0 ? 5683 : uri.getPort();
            if (port != server.getPort()) {
                return false;
            }
        } else if ("coaps".equalsIgnoreCase(scheme)) {
            port = uri.getPort() < 0 ? 5684 : uri.getPort();
            if (port != server.getSecurePort()) {
                return false;
            }
        } else {
            return false;
        }
        try {
            InetAddress address = InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1)
                    : host);
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
