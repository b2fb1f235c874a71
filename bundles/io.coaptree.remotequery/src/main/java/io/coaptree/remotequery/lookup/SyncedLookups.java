package io.coaptree.remotequery.lookup;

import java.util.Set;

/**
 * Which lookups a gateway may answer for its synchronised children from its own directory. A child's set is kept
 * there as aggregated registrations (ep = the child's name, and {@code <name>~2}... for a large set; d = its
 * domain), so registration-level criteria ({@code ep}, {@code d}, {@code base}, {@code lt}, extra registration
 * attributes) and endpoint lookups would answer differently from the child itself; paging would page the
 * aggregate. Those keep fanning out. Resource lookups whose criteria are link attributes only are answered from the
 * synchronised sets.
 */
final class SyncedLookups {

    private static final Set<String> LINK_CRITERIA = Set.of("rt", "if", "ct", "href", "anchor", "rel", "title",
            "obs", "sz", "type", "hreflang", "media");

    private SyncedLookups() {
    }

    static boolean answerable(String kind, String query) {
        if (!"res".equals(kind)) {
            return false;
        }
        if (query == null || query.isEmpty()) {
            return true;
        }
        for (String parameter : query.split("&")) {
            if (parameter.isEmpty()) {
                continue;
            }
            int eq = parameter.indexOf('=');
            String name = eq < 0 ? parameter : parameter.substring(0, eq);
            if (!LINK_CRITERIA.contains(name)) {
                return false;
            }
        }
        return true;
    }
}
