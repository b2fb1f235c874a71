package io.coaptree.rd.lookup;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.linkformat.UriReference;
import io.coaptree.rd.store.AttributeValue;
import io.coaptree.rd.store.LinkLocalBase;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationStore;

/**
 * Endpoint and resource lookup (RFC 9176 section 6) over a {@link RegistrationStore}.
 * <p>
 * Matching: every criterion must match. A resource link matches a criterion through its own attributes (href and
 * anchor compared fully resolved) or through its registration's (ep, d, base, href = registration path, extra
 * attributes); an endpoint matches through its registration's attributes (plus rt=core.rd-ep) or through any one
 * of its links. Results come in registration order, then link order, so page/count paging is stable while the
 * store does not change. Results are returned as {@link Link}s ready for the serializer; an empty list is the
 * empty payload of a 2.05.
 * <p>
 * Criteria with an exact value (no trailing '*') on anything but base, href and anchor narrow the scan through the
 * store's attribute index ({@link RegistrationStore#registrationsWithAll}); only those registrations are then
 * matched as above, so results and their order are the same as a full scan's.
 * <p>
 * Link-local bases (RFC 9176 sections 6.1 and 6.4): a registration whose base is a link-local address is seen only
 * by a lookup from the link it was registered on ({@link LookupOrigin}), as if it did not exist for any other
 * (so it takes no place in pages either), and its base, targets and anchors are shown without zone identifier. A
 * link-local base without a recorded link is seen by nobody. See {@link LinkLocalBase}.
 */
public final class DirectoryLookup {

    /** The resource type of registration resources in endpoint lookup results. */
    public static final String ENDPOINT_RESOURCE_TYPE = "core.rd-ep";

    private final RegistrationStore store;
    private final String registrationPathPrefix;
    private final boolean indexed;

    /**
     * @param registrationPathPrefix the path-absolute prefix under which the adapter serves registration
     *        resources, such as {@code /rd/}; a registration's path is this prefix followed by its id
     */
    public DirectoryLookup(RegistrationStore store, String registrationPathPrefix) {
        this(store, registrationPathPrefix, true);
    }

    /** @param indexed false reads every registration (the reference the index is tested against) */
    DirectoryLookup(RegistrationStore store, String registrationPathPrefix, boolean indexed) {
        this.indexed = indexed;
        this.store = Objects.requireNonNull(store, "store");
        this.registrationPathPrefix = Objects.requireNonNull(registrationPathPrefix, "registrationPathPrefix");
        if (!Link.isValidTarget(registrationPathPrefix)) {
            throw new IllegalArgumentException("registrationPathPrefix '" + registrationPathPrefix
                    + "' must not contain whitespace, '<' or '>'");
        }
    }

    /** The path-absolute location of a registration resource, e.g. {@code /rd/12}. */
    public String registrationPath(Registration registration) {
        return registrationPathPrefix + registration.id();
    }

    /** {@link #endpoints(LookupQuery, LookupOrigin)} for a requester on none of the directory's links. */
    public List<Link> endpoints(LookupQuery query) {
        return endpoints(query, LookupOrigin.OFF_LINK);
    }

    /**
     * Endpoint lookup: one link per matching registration that {@code origin} may see,
     * {@code </rd/12>;ep="...";d="...";base="...";...;rt="core.rd-ep"}.
     */
    public List<Link> endpoints(LookupQuery query, LookupOrigin origin) {
        Page page = new Page(query);
        if (page.empty()) {
            return List.of();
        }
        List<Link> results = new ArrayList<>();
        for (Registration registration : candidates(query.filters(), true)) {
            String base = visibleBase(registration, origin);
            if (base != null && endpointMatches(registration, base, query.filters()) && page.admit()) {
                results.add(endpointLink(registration, base));
                if (page.full()) {
                    break;
                }
            }
        }
        return results;
    }

    /** {@link #resources(LookupQuery, LookupOrigin)} for a requester on none of the directory's links. */
    public List<Link> resources(LookupQuery query) {
        return resources(query, LookupOrigin.OFF_LINK);
    }

    /**
     * Resource lookup: the matching links of the registrations {@code origin} may see, with target and anchor
     * resolved against their registration's base.
     */
    public List<Link> resources(LookupQuery query, LookupOrigin origin) {
        Page page = new Page(query);
        if (page.empty()) {
            return List.of();
        }
        List<Link> results = new ArrayList<>();
        List<LookupFilter> filters = query.filters();
        for (Registration registration : candidates(filters, false)) {
            String base = visibleBase(registration, origin);
            if (base == null) {
                continue;
            }
            boolean[] byRegistration = registrationMatches(registration, base, filters);
            if (allTrue(byRegistration) && page.skipped(registration.links().size())) {
                continue; // every link matches and all of them lie before the page: count them, read none
            }
            for (Link link : registration.links()) {
                if (resourceMatches(base, link, filters, byRegistration) && page.admit()) {
                    results.add(resolved(base, link));
                    if (page.full()) {
                        return results;
                    }
                }
            }
        }
        return results;
    }

    /**
     * The base the requester is shown for the registration, or null if it must not see the registration at all:
     * the stored base unless it is link-local, which only the link it was registered on sees, without its zone.
     * Whether the base is link-local is decided once per registration ({@link Registration#baseIsLinkLocal()}).
     */
    private static String visibleBase(Registration registration, LookupOrigin origin) {
        String base = registration.base();
        if (!registration.baseIsLinkLocal()) {
            return base;
        }
        LinkLocalBase linkLocal = LinkLocalBase.parse(base);
        if (linkLocal == null) {
            return null; // cannot happen: parse and baseIsLinkLocal read the base alike
        }
        Optional<String> link = linkLocal.zone();
        return link.isPresent() && origin.isOn(link.get()) ? linkLocal.withoutZone() : null;
    }

    /** The registrations that can match, in registration order: a superset of the matches, never less. */
    private List<Registration> candidates(List<LookupFilter> filters, boolean asEndpoint) {
        if (!indexed) {
            return store.registrations();
        }
        List<AttributeValue> required = new ArrayList<>(filters.size());
        for (LookupFilter filter : filters) {
            if (isIndexed(filter, asEndpoint)) {
                required.add(new AttributeValue(filter.name(), filter.value().get()));
            }
        }
        return store.registrationsWithAll(required);
    }

    /**
     * Whether every registration the filter matches carries its value in the index: exact values only, and not
     * base, href or anchor (compared resolved), nor rt=core.rd-ep in an endpoint lookup (every endpoint has it).
     */
    private static boolean isIndexed(LookupFilter filter, boolean asEndpoint) {
        if (filter.isPresence() || filter.isPrefix()) {
            return false;
        }
        switch (filter.name()) {
            case "base":
            case "href":
            case "anchor":
                return false;
            case "rt":
                return !(asEndpoint && filter.matches(ENDPOINT_RESOURCE_TYPE));
            default:
                return true;
        }
    }

    private boolean endpointMatches(Registration registration, String base, List<LookupFilter> filters) {
        for (LookupFilter filter : filters) {
            if (!registrationMatches(registration, base, filter, true) && !anyLinkMatches(registration, base, filter)) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyLinkMatches(Registration registration, String base, LookupFilter filter) {
        for (Link link : registration.links()) {
            if (linkMatches(base, link, filter)) {
                return true;
            }
        }
        return false;
    }

    /** Per filter, whether the registration itself satisfies it for its resources: once, not once per link. */
    private boolean[] registrationMatches(Registration registration, String base, List<LookupFilter> filters) {
        boolean[] matches = new boolean[filters.size()];
        for (int i = 0; i < matches.length; i++) {
            matches[i] = registrationMatches(registration, base, filters.get(i), false);
        }
        return matches;
    }

    private static boolean allTrue(boolean[] flags) {
        for (boolean flag : flags) {
            if (!flag) {
                return false;
            }
        }
        return true;
    }

    private static boolean resourceMatches(String base, Link link, List<LookupFilter> filters,
            boolean[] byRegistration) {
        for (int i = 0; i < byRegistration.length; i++) {
            if (!byRegistration[i] && !linkMatches(base, link, filters.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param asEndpoint whether the registration is being looked up as an endpoint, the only case in which it
     *        carries rt=core.rd-ep (a resource lookup for rt=core.rd-ep must not return every resource)
     */
    private boolean registrationMatches(Registration registration, String base, LookupFilter filter,
            boolean asEndpoint) {
        switch (filter.name()) {
            case "ep":
                return filter.matches(registration.endpointName());
            case "d":
                return registration.sector().isPresent() && filter.matches(registration.sector().get());
            case "base":
                return filter.matches(base);
            case "href":
                return filter.matches(registrationPath(registration));
            case "rt":
                if (asEndpoint && filter.matches(ENDPOINT_RESOURCE_TYPE)) {
                    return true;
                }
                return attributesMatch(registration.extraAttributes(), filter);
            default:
                return attributesMatch(registration.extraAttributes(), filter);
        }
    }

    private static boolean linkMatches(String base, Link link, LookupFilter filter) {
        switch (filter.name()) {
            case "href":
                return filter.matches(UriReference.resolve(base, link.target()));
            case "anchor":
                return filter.matches(resolvedAnchor(base, link));
            default:
                return attributesMatch(link.attributes(), filter);
        }
    }

    private static boolean attributesMatch(List<LinkAttribute> attributes, LookupFilter filter) {
        for (LinkAttribute attribute : attributes) {
            if (attribute.name().equals(filter.name()) && filter.matches(attribute.value().orElse(null))) {
                return true;
            }
        }
        return false;
    }

    private Link endpointLink(Registration registration, String base) {
        Link.Builder link = Link.builder(registrationPath(registration)).attribute("ep", registration.endpointName());
        registration.sector().ifPresent(d -> link.attribute("d", d));
        link.attribute("base", base);
        for (LinkAttribute attribute : registration.extraAttributes()) {
            if (!attribute.name().equals("rt")) {
                link.attribute(attribute);
            }
        }
        return link.attribute("rt", ENDPOINT_RESOURCE_TYPE).build();
    }

    /** RFC 9176 section 6.1: target and anchor fully resolved; a link without anchor gets the base as anchor. */
    private static Link resolved(String base, Link link) {
        Link.Builder out = Link.builder(UriReference.resolve(base, link.target()));
        boolean anchored = false;
        for (LinkAttribute attribute : link.attributes()) {
            if (attribute.name().equals("anchor") && !attribute.isFlag()) {
                if (!anchored) {
                    out.attribute("anchor", UriReference.resolve(base, attribute.value().get()));
                    anchored = true;
                }
            } else {
                out.attribute(attribute);
            }
        }
        if (!anchored) {
            out.attribute("anchor", base);
        }
        return out.build();
    }

    private static String resolvedAnchor(String base, Link link) {
        return link.anchor().map(anchor -> UriReference.resolve(base, anchor)).orElse(base);
    }

    /** Counts matches to skip to page * count and stops at count. */
    private static final class Page {
        private final long skip;
        private final long limit;
        private long seen;
        private long taken;

        Page(LookupQuery query) {
            long count = query.count().isPresent() ? query.count().getAsInt() : Long.MAX_VALUE;
            this.limit = count;
            this.skip = query.count().isPresent() ? (long) query.page().orElse(0) * count : 0;
        }

        /** A page of no results: count=0. */
        boolean empty() {
            return limit == 0;
        }

        /** Counts {@code matches} consecutive matches as skipped if they all lie before the page. */
        boolean skipped(int matches) {
            if (seen + matches > skip) {
                return false;
            }
            seen += matches;
            return true;
        }

        /** Called for each match in order: true if it belongs on the page. */
        boolean admit() {
            if (limit == 0) {
                return false;
            }
            if (seen++ < skip) {
                return false;
            }
            taken++;
            return true;
        }

        boolean full() {
            return taken >= limit;
        }
    }
}
