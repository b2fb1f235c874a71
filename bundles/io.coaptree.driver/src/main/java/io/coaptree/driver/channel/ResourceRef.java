package io.coaptree.driver.channel;

import java.util.Locale;

import io.coaptree.properties.InvalidPropertyException;

/**
 * Where a channel's value lives, as the {@code coap.resource} column gives it: a path the gateway's own CoAP server
 * answers (its own resources, and every resource of the tree under {@code /tree/...}), or Resource Directory
 * criteria that the tree's lookup resolves to such a path.
 *
 * @param path the path with its query, starting with {@code /}; empty for a lookup
 * @param lookupCriteria the criteria of a {@code lookup:} reference, empty for a path
 */
public record ResourceRef(String path, String lookupCriteria) {

    /** The prefix of a reference by Resource Directory criteria. */
    public static final String LOOKUP_PREFIX = "lookup:";
    private static final String TREE_PREFIX = "/tree/";

    /**
     * @param text the column's value
     * @return the reference
     * @throws InvalidPropertyException naming {@code coap.resource} for anything else
     */
    public static ResourceRef parse(String text) {
        String field = ChannelColumns.RESOURCE.id();
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.toLowerCase(Locale.ROOT).startsWith(LOOKUP_PREFIX)) {
            String criteria = trimmed.substring(LOOKUP_PREFIX.length()).trim();
            if (criteria.isEmpty() || !criteria.matches("[A-Za-z0-9_.*~:/-]+=[^&\\s]+(&[A-Za-z0-9_.*~:/-]+=[^&\\s]+)*")) {
                throw new InvalidPropertyException(field, "'" + trimmed
                        + "' is not lookup: followed by name=value criteria joined by & (lookup:rt=temperature)");
            }
            return new ResourceRef("", criteria);
        }
        if (!trimmed.startsWith("/")) {
            throw new InvalidPropertyException(field, "'" + trimmed + "' is not a path starting with / (/temperature, "
                    + "/tree/B/2/gB2/temperature) or lookup:<criteria>");
        }
        int query = trimmed.indexOf('?');
        String pathPart = query < 0 ? trimmed : trimmed.substring(0, query);
        String[] segments = pathPart.substring(1).split("/", -1);
        for (String segment : segments) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")
                    || !segment.matches("[A-Za-z0-9._~!$'()*+,;=:@%-]+")) {
                throw new InvalidPropertyException(field, "'" + trimmed
                        + "' has an empty, dot or invalid path segment '" + segment + "'");
            }
        }
        if (pathPart.startsWith(TREE_PREFIX) && segments.length < 5) {
            throw new InvalidPropertyException(field, "'" + trimmed
                    + "' is not a tree path /tree/<domain>/<group>/<gateway>/<path> (use - for an absent level)");
        }
        if (query >= 0 && (query == trimmed.length() - 1 || trimmed.substring(query).contains(" "))) {
            throw new InvalidPropertyException(field, "'" + trimmed + "' has an empty or invalid query");
        }
        return new ResourceRef(trimmed, "");
    }

    /** @return whether the path is found by a lookup first */
    public boolean isLookup() {
        return !lookupCriteria.isEmpty();
    }

    @Override
    public String toString() {
        return isLookup() ? LOOKUP_PREFIX + lookupCriteria : path;
    }
}
