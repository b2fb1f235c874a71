package io.coaptree.driver.channel;

/** The CoAP method a write uses: PUT replaces the resource's state, POST lets the resource process the value. */
public enum WriteMethod {
    PUT, POST
}
