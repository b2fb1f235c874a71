package io.coaptree.remotequery.routing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.tree.model.NodeAddress;

/**
 * Turns the lookup answers of many gateways into one CoRE link-format answer. Each gateway makes its own links
 * reachable through the tree before answering ({@link #toTreeLinks}), so merging is concatenation without
 * duplicates, in the order the parts arrived.
 */
public final class LookupAnswers {

    private final LinkFormatParser parser;
    private final int maxLinks;

    public LookupAnswers(LinkFormatParser parser, int maxLinks) {
        this.parser = parser;
        this.maxLinks = maxLinks;
    }

    /**
     * Rewrites a gateway's local answer: a target or anchor that is a local path ({@code /temperature}) becomes
     * its tree path ({@code /tree/A/g1/n3/temperature}), which any gateway serves; absolute URIs stay.
     *
     * @throws LinkFormatParseException when the local answer is not link-format
     */
    public String toTreeLinks(NodeAddress self, String localAnswer) throws LinkFormatParseException {
        return toTreeLinks(self, localAnswer, origin -> false);
    }

    /**
     * As {@link #toTreeLinks(NodeAddress, String)}; in addition absolute URIs on this gateway's own CoAP server
     * ({@code ownOrigin} accepts their {@code scheme://host:port}, as the Resource Directory resolves the gateway's own
     * registration) become tree paths, so that the merged answer is usable from any gateway.
     */
    public String toTreeLinks(NodeAddress self, String localAnswer, Predicate<String> ownOrigin)
            throws LinkFormatParseException {
        return LinkFormatSerializer.serialize(toTreeLinks(self, parser.parse(localAnswer), ownOrigin));
    }

    /** As {@link #toTreeLinks(NodeAddress, String, Predicate)}, for links already parsed. */
    public static List<Link> toTreeLinks(NodeAddress self, List<Link> localLinks, Predicate<String> anyOwnOrigin) {
        // A directory's links share a few origins (one per endpoint), and recognising one costs a URI parse and an
        // interface lookup: ask once per origin in this pass (the sync reads every few seconds; docs/performance.md,
        // "Where a hop's CPU goes", found this cost).
        Map<String, Boolean> seen = new HashMap<>();
        Predicate<String> ownOrigin = origin -> seen.computeIfAbsent(origin, anyOwnOrigin::test);
        List<Link> out = new ArrayList<>(localLinks.size());
        for (Link link : localLinks) {
            Link.Builder b = Link.builder(treePath(self, link.target(), ownOrigin));
            link.attributes().forEach(a -> {
                if ("anchor".equals(a.name())) {
                    b.attribute("anchor", treePath(self, a.value().orElse(""), ownOrigin));
                } else {
                    b.attribute(a);
                }
            });
            out.add(b.build());
        }
        return out;
    }

    private static String treePath(NodeAddress self, String reference, Predicate<String> ownOrigin) {
        String prefix = "/" + TreeUri.RESOURCE_PREFIX + "/";
        if (reference.startsWith("/")) {
            return reference.startsWith(prefix) ? reference : TreeUri.resourcePath(self, reference);
        }
        int scheme = reference.indexOf("://");
        if (scheme <= 0) {
            return reference;
        }
        int pathStart = reference.indexOf('/', scheme + 3);
        String origin = pathStart < 0 ? reference : reference.substring(0, pathStart);
        if (!ownOrigin.test(origin)) {
            return reference;
        }
        String path = pathStart < 0 ? "/" : reference.substring(pathStart);
        // A tree path served by this gateway (a child's synchronised link) is already usable from anywhere.
        return path.startsWith(prefix) ? path : TreeUri.resourcePath(self, path);
    }

    /**
     * Merges answers; unparsable parts are skipped (a faulty gateway must not spoil the others), duplicates are
     * dropped and at most {@code maxLinks} links are kept.
     */
    public String merge(Collection<String> answers) {
        Set<Link> links = new LinkedHashSet<>();
        for (String answer : answers) {
            try {
                for (Link link : parser.parse(answer)) {
                    if (links.size() >= maxLinks) {
                        break;
                    }
                    links.add(link);
                }
            } catch (LinkFormatParseException e) {
                // skipped: see above
            }
        }
        return LinkFormatSerializer.serialize(links);
    }
}
