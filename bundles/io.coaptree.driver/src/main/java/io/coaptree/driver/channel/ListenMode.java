package io.coaptree.driver.channel;

/**
 * How a channel listener learns of changes: an Observe relation (RFC 7641, relayed through the tree for a remote
 * resource), or a GET at a fixed interval for resources that are not observable.
 */
public enum ListenMode {
    OBSERVE, POLL
}
