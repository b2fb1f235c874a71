package io.coaptree.tree.security;

/** How the gateways of a tree authenticate the messages they exchange ({@code tree.security.mode}). */
public enum SecurityMode {
    /**
     * Each gateway signs with its own Ed25519 key ({@code COSE_Sign1}); receivers trust a key through the tree's
     * anchor (a CA certificate or pinned keys). A stolen gateway can speak only as itself.
     */
    SIGNATURE("signature"),
    /**
     * One secret shared by the whole tree ({@code COSE_Mac0}, HMAC 256/256). For small fleets: any gateway holding
     * the secret can speak as any other, so a stolen gateway means a new secret everywhere.
     */
    SECRET("secret"),
    /** No authentication: any MQTT client that reaches the broker can act as any gateway. For tests and benchmarks. */
    NONE("none");

    private final String label;

    SecurityMode(String label) {
        this.label = label;
    }

    /** The value in the configuration. */
    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException for an unknown label */
    public static SecurityMode fromLabel(String label) {
        for (SecurityMode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + label + "' is none of signature, secret, none");
    }
}
