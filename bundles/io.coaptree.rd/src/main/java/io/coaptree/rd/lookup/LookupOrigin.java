package io.coaptree.rd.lookup;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where a lookup comes from, as far as link-local registrations are concerned (RFC 9176 sections 6.1 and 6.4): a
 * registration whose base is link-local is shown only to lookups from the link it was registered on. A requester's
 * link given by a resolver is asked for at most once, and only if a link-local registration is met: lookups over
 * ordinary registrations never pay for it. Such an instance serves one lookup on one thread; {@link #OFF_LINK} and
 * {@link #onLink} instances may be shared.
 */
public final class LookupOrigin {

    /** A requester on none of the directory's links (routed, loopback, in-process): it sees no link-local base. */
    public static final LookupOrigin OFF_LINK = new LookupOrigin(null, Optional.empty());

    private final Supplier<Optional<String>> resolver;
    private Optional<String> link;

    private LookupOrigin(Supplier<Optional<String>> resolver, Optional<String> link) {
        this.resolver = resolver;
        this.link = link;
    }

    /** A requester on the link (interface) of that name. */
    public static LookupOrigin onLink(String link) {
        return new LookupOrigin(null, Optional.of(link));
    }

    /** A requester whose link {@code resolver} tells when first needed (e.g. {@link PeerLinks#linkOf} of its address). */
    public static LookupOrigin resolvedBy(Supplier<Optional<String>> resolver) {
        return new LookupOrigin(Objects.requireNonNull(resolver, "resolver"), null);
    }

    /** The requester's link, if it is on one of the directory's links. */
    public Optional<String> link() {
        if (link == null) {
            Optional<String> resolved = resolver.get();
            link = resolved == null ? Optional.empty() : resolved;
        }
        return link;
    }

    /** True if the requester is on the link of that name. */
    public boolean isOn(String linkName) {
        return link().map(linkName::equals).orElse(false);
    }

    @Override
    public String toString() {
        return link == null ? "LookupOrigin[unresolved]" : "LookupOrigin[" + link.orElse("off-link") + "]";
    }
}
