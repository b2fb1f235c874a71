package io.coaptree.remotequery.lookup;

import java.util.Set;

/**
 * Which lookups a gateway may answer for its synchronised children from its own directory. A child's set is kept
 * there as aggregated registrations (ep = the child's name, and {@code <name>~2}... for a large set; d = its
 * domain), so registration-level criteria ({@code ep}, {@code d}, {@code base}, {@code lt}, extra registration
 * attributes) and endpoint lookups would answer differently from the child itself. Those keep fanning out. Resource
 * lookups whose criteria are link attributes only are answered from the synchronised sets, and the children not
 * held are asked.
 * <p>
 * Paging ({@code page}, {@code count}, RFC 9176 section 6) is different: a page of each part, merged, is not a page
 * of the whole answer. A paged resource lookup is answered from this gateway's directory alone when it holds every
 * child of the scope that would be asked, and then pages the whole subtree as the directory pages its own
 * registrations; otherwise it fans out as before and each part is paged on its own.
 */
final class SyncedLookups {

    private static final Set<String> LINK_CRITERIA = Set.of("rt", "if", "ct", "href", "anchor", "rel", "title",
            "obs", "sz", "type", "hreflang", "media");
    private static final Set<String> PAGING = Set.of("page", "count");

    private SyncedLookups() {
    }

    /** A resource lookup with link criteria only: the synchronised children need not be asked. */
    static boolean answerable(String kind, String query) {
        return "res".equals(kind) && criteriaWithin(query, LINK_CRITERIA, Set.of());
    }

    /** A resource lookup with link criteria and paging: answerable only when every child to ask is held. */
    static boolean answerableWhenAllHeld(String kind, String query) {
        return "res".equals(kind) && criteriaWithin(query, LINK_CRITERIA, PAGING);
    }

    private static boolean criteriaWithin(String query, Set<String> names, Set<String> moreNames) {
        if (query == null || query.isEmpty()) {
            return true;
        }
        for (String parameter : query.split("&")) {
            if (parameter.isEmpty()) {
                continue;
            }
            int eq = parameter.indexOf('=');
            String name = eq < 0 ? parameter : parameter.substring(0, eq);
            if (!names.contains(name) && !moreNames.contains(name)) {
                return false;
            }
        }
        return true;
    }
}
