package io.coaptree.remotequery.routing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
        List<Link> out = new ArrayList<>();
        String prefix = "/" + TreeUri.RESOURCE_PREFIX + "/";
        for (Link link : parser.parse(localAnswer)) {
            Link rewritten = link;
            if (link.target().startsWith("/") && !link.target().startsWith(prefix)) {
                rewritten = link.withTarget(TreeUri.resourcePath(self, link.target()));
            }
            if (link.anchor().filter(a -> a.startsWith("/") && !a.startsWith(prefix)).isPresent()) {
                Link.Builder b = Link.builder(rewritten.target());
                rewritten.attributes().forEach(a -> {
                    if ("anchor".equals(a.name())) {
                        b.attribute("anchor", TreeUri.resourcePath(self, a.value().orElse("")));
                    } else {
                        b.attribute(a);
                    }
                });
                rewritten = b.build();
            }
            out.add(rewritten);
        }
        return LinkFormatSerializer.serialize(out);
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
