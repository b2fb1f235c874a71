package io.coaptree.server.core;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.ServerOptions;

/**
 * The address an endpoint binds to, checked before binding and explained after a failed bind in terms of the
 * settings, so the WebUI names the field to fix rather than showing a socket error.
 */
final class BindAddresses {

    private BindAddresses() {
    }

    /**
     * @return the address {@code coap.bind.address} names, if it is the wildcard, loopback or an address of one of
     *         this host's interfaces
     * @throws InvalidPropertyException naming {@code coap.bind.address} otherwise
     */
    static InetAddress local(String bindAddress) {
        InetAddress host;
        try {
            host = InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            throw new InvalidPropertyException(ServerOptions.BIND_ADDRESS.id(), "unknown host '" + bindAddress + "'",
                    e);
        }
        if (!host.isAnyLocalAddress() && !host.isLoopbackAddress() && !isInterfaceAddress(host)) {
            throw new InvalidPropertyException(ServerOptions.BIND_ADDRESS.id(),
                    bindAddress + " is not an address of this host");
        }
        return host;
    }

    private static boolean isInterfaceAddress(InetAddress host) {
        try {
            return NetworkInterface.getByInetAddress(host) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** @return why binding {@code address} failed, naming the setting to change: the address or the port */
    static InvalidPropertyException failure(InetSocketAddress address, IOException e) {
        String host = address.getAddress().getHostAddress();
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof BindException && reason.contains("assign")) {
            return new InvalidPropertyException(ServerOptions.BIND_ADDRESS.id(),
                    host + " cannot be bound (" + reason + ")", e);
        }
        return new InvalidPropertyException(ServerOptions.PORT.id(),
                address.getPort() + " on " + host + " cannot be bound (" + reason + ")", e);
    }
}
