package io.coaptree.rd.store;

import java.util.List;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Interner;
import com.google.common.collect.Interners;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * One instance per distinct link and per distinct attribute across all registrations. Devices of one kind register
 * the same links ({@code </s/temperature>;rt="temperature";if="sensor"} from every sensor node), and each parsed
 * payload brings fresh copies of every name and value: without sharing, 10 links cost about 7 KB of heap per
 * registration, mostly duplicate strings. Weak: an instance no registration holds any more is collected.
 */
final class SharedLinks {

    private static final Interner<Link> LINKS = Interners.newWeakInterner();
    private static final Interner<LinkAttribute> ATTRIBUTES = Interners.newWeakInterner();
    /** Slots of {@link #RECENT}: a power of two, more than the distinct links of a typical fleet. */
    private static final int RECENT_SLOTS = 1024;
    /**
     * Links shared lately, one per slot by hash, in front of the interners: most links of a registration are ones
     * other nodes registered before, and a hit here costs one comparison instead of interning the link and each of
     * its attributes. Holds at most {@value #RECENT_SLOTS} links that might otherwise be collected. Slots are
     * written without locking: a reader sees a complete shared link (final fields) or another one, and either way
     * compares before using it.
     */
    private static final Link[] RECENT = new Link[RECENT_SLOTS];

    private SharedLinks() {
    }

    static ImmutableList<Link> share(List<Link> links) {
        ImmutableList.Builder<Link> shared = ImmutableList.builderWithExpectedSize(links.size());
        for (Link link : links) {
            shared.add(share(link));
        }
        return shared.build();
    }

    static ImmutableList<LinkAttribute> shareAttributes(List<LinkAttribute> attributes) {
        ImmutableList.Builder<LinkAttribute> shared = ImmutableList.builderWithExpectedSize(attributes.size());
        for (LinkAttribute attribute : attributes) {
            shared.add(ATTRIBUTES.intern(attribute));
        }
        return shared.build();
    }

    private static Link share(Link link) {
        int slot = link.hashCode() & (RECENT_SLOTS - 1);
        Link recent = RECENT[slot];
        if (recent != null && recent.equals(link)) {
            return recent;
        }
        Link shared = intern(link);
        RECENT[slot] = shared;
        return shared;
    }

    /** Attributes first, so a link seen for the first time is kept with shared attributes. */
    private static Link intern(Link link) {
        List<LinkAttribute> attributes = link.attributes();
        Link.Builder rebuilt = null;
        for (int i = 0; i < attributes.size(); i++) {
            LinkAttribute attribute = attributes.get(i);
            LinkAttribute shared = ATTRIBUTES.intern(attribute);
            if (rebuilt == null && shared != attribute) {
                rebuilt = Link.builder(link.target());
                for (int j = 0; j < i; j++) {
                    rebuilt.attribute(attributes.get(j));
                }
            }
            if (rebuilt != null) {
                rebuilt.attribute(shared);
            }
        }
        return LINKS.intern(rebuilt == null ? link : rebuilt.build());
    }
}
