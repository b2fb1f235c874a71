package io.coaptree.rd.store;

import java.util.List;
import java.util.Optional;

import com.google.common.base.Ascii;
import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * One registration resource as the store holds it at a moment: immutable; every change makes a new instance
 * with the same {@link #id()}.
 */
public final class Registration {

    private final String id;
    private final String endpointName;
    private final String sector;
    private final long lifetimeSeconds;
    private final String base;
    private final boolean baseExplicit;
    private final ImmutableList<LinkAttribute> extraAttributes;
    private final ImmutableList<Link> links;
    private final String identity;
    private final long expiresAtMillis;
    /** 0 until {@link #baseIsLinkLocal()} decides, then 1 (no) or 2 (yes): a benign race, every thread decides alike. */
    private byte baseLinkLocal;

    Registration(String id, String endpointName, String sector, long lifetimeSeconds, String base,
            boolean baseExplicit, List<LinkAttribute> extraAttributes, List<Link> links, String identity,
            long expiresAtMillis) {
        this(id, endpointName, sector, lifetimeSeconds, base, baseExplicit,
                SharedLinks.shareAttributes(extraAttributes), SharedLinks.share(links), identity, expiresAtMillis);
    }

    /** With links and attributes already shared ({@link SharedLinks}), as the store prepares them outside its lock. */
    Registration(String id, String endpointName, String sector, long lifetimeSeconds, String base,
            boolean baseExplicit, ImmutableList<LinkAttribute> sharedExtraAttributes, ImmutableList<Link> sharedLinks,
            String identity, long expiresAtMillis) {
        this.id = id;
        this.endpointName = endpointName;
        this.sector = sector == null || sector.isEmpty() ? null : sector;
        this.lifetimeSeconds = lifetimeSeconds;
        this.base = base;
        this.baseExplicit = baseExplicit;
        this.extraAttributes = sharedExtraAttributes;
        this.links = sharedLinks;
        this.identity = identity;
        this.expiresAtMillis = expiresAtMillis;
    }

    /** The stable identifier: the last segment of the registration resource's Location-Path. */
    public String id() {
        return id;
    }

    /** ep */
    public String endpointName() {
        return endpointName;
    }

    /** d, if the registration has a sector. */
    public Optional<String> sector() {
        return Optional.ofNullable(sector);
    }

    /** lt in seconds, as last set by a registration or update. */
    public long lifetimeSeconds() {
        return lifetimeSeconds;
    }

    /** The base URI relative links resolve against: the explicit base, or the registrant's source address. */
    public String base() {
        return base;
    }

    /**
     * True if the base's host is a link-local address (RFC 9176 section 3.4, {@link LinkLocalBase}): decided once per
     * instance, so lookups, which ask for every registration they read, pay a field read.
     */
    public boolean baseIsLinkLocal() {
        byte decided = baseLinkLocal;
        if (decided == 0) {
            decided = LinkLocalBase.isLinkLocal(base) ? (byte) 2 : (byte) 1;
            baseLinkLocal = decided;
        }
        return decided == 2;
    }

    /** True if base was given by the registrant; false if it is the source address (which an update may change). */
    public boolean baseExplicit() {
        return baseExplicit;
    }

    /** Registration attributes other than ep, d, lt and base (et and unknown ones), in order. */
    public List<LinkAttribute> extraAttributes() {
        return extraAttributes;
    }

    /** The values of the extra attribute of that name (case-insensitive), in order; flags are skipped. */
    public List<String> extraValues(String name) {
        String key = Ascii.toLowerCase(name);
        ImmutableList.Builder<String> values = ImmutableList.builder();
        for (LinkAttribute attribute : extraAttributes) {
            if (attribute.name().equals(key) && !attribute.isFlag()) {
                values.add(attribute.value().get());
            }
        }
        return values.build();
    }

    /** The registered links as submitted (targets may be relative to {@link #base()}). */
    public List<Link> links() {
        return links;
    }

    /** The identity that first registered this endpoint, if it was authenticated. */
    public Optional<String> identity() {
        return Optional.ofNullable(identity);
    }

    /** When the registration lapses, in the store clock's milliseconds. */
    public long expiresAtMillis() {
        return expiresAtMillis;
    }

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    String sectorOrEmpty() {
        return sector == null ? "" : sector;
    }

    @Override
    public String toString() {
        return "Registration[id=" + id + ", ep=" + endpointName + ", d=" + sector + ", lt=" + lifetimeSeconds
                + ", base=" + base + ", links=" + links.size() + "]";
    }
}
