package io.coaptree.tree.model;

/** Whether a member is currently believed to be running. */
public enum Liveness {
    UP,
    /** Heartbeats stopped for longer than the failure timeout, or its last will arrived. */
    DOWN
}
