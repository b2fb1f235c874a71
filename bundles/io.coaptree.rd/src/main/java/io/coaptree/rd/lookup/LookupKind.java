package io.coaptree.rd.lookup;

import java.util.Optional;

/** The two lookup interfaces of a Resource Directory (RFC 9176 section 6), served at {@code /rd-lookup/<name>}. */
public enum LookupKind {
    /** Endpoint lookup: one link per registration. */
    ENDPOINT("ep", "core.rd-lookup-ep"),
    /** Resource lookup: the registered links, resolved against their registrations' bases. */
    RESOURCE("res", "core.rd-lookup-res");

    /** The path segment both lookup resources are published under. */
    public static final String PARENT = "rd-lookup";

    private final String segment;
    private final String resourceType;

    LookupKind(String segment, String resourceType) {
        this.segment = segment;
        this.resourceType = resourceType;
    }

    /** @return the lookup resource's name, {@code ep} or {@code res} */
    public String segment() {
        return segment;
    }

    /** @return the resource type (rt) the lookup resource is listed with */
    public String resourceType() {
        return resourceType;
    }

    /** @return the lookup resource's path on the gateway's CoAP server: {@code rd-lookup/ep}, {@code rd-lookup/res} */
    public String path() {
        return PARENT + "/" + segment;
    }

    /** @return the kind whose resource is named {@code segment}, empty for any other name */
    public static Optional<LookupKind> named(String segment) {
        for (LookupKind kind : values()) {
            if (kind.segment.equals(segment)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
