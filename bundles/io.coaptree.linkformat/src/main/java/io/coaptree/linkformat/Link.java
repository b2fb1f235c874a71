package io.coaptree.linkformat;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.google.common.base.Ascii;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;

/**
 * One link of a CoRE Link Format document: a target URI reference and its attributes in the order they were
 * written. Immutable. Two links are equal when target and attribute sequence are equal, so several links with
 * the same target and different anchors stay distinct.
 */
public final class Link {

    /** RFC 6690 relation-types are separated by one or more spaces. */
    private static final Splitter VALUE_TOKENS = Splitter.on(' ').omitEmptyStrings();

    private final String target;
    private final ImmutableList<LinkAttribute> attributes;
    /** Computed on first use (0 = not yet): a directory interns links by hash. */
    private int hash;

    private Link(String target, ImmutableList<LinkAttribute> attributes) {
        this.target = target;
        this.attributes = attributes;
    }

    /** A link without attributes. */
    public static Link of(String target) {
        return builder(target).build();
    }

    /**
     * @throws IllegalArgumentException if the target contains whitespace, a control character, '<' or '>'
     */
    public static Builder builder(String target) {
        return new Builder(target);
    }

    /** True if {@code target} can be a link target: no whitespace, control character, '<' or '>'. */
    public static boolean isValidTarget(String target) {
        return LinkSyntax.invalidTargetCharIndex(target) < 0;
    }

    public String target() {
        return target;
    }

    /** All attributes, in their original order; a name may occur several times. */
    public List<LinkAttribute> attributes() {
        return attributes;
    }

    /**
     * The attributes as a multimap from name to values (a flag maps to the empty string). Values of one name
     * keep their order; use {@link #attributes()} where the interleaving of different names matters.
     */
    public ImmutableListMultimap<String, String> attributeMap() {
        ImmutableListMultimap.Builder<String, String> map = ImmutableListMultimap.builder();
        for (LinkAttribute attribute : attributes) {
            map.put(attribute.name(), attribute.value().orElse(""));
        }
        return map.build();
    }

    /** True if an attribute of that name (case-insensitive) occurs, with or without a value. */
    public boolean has(String name) {
        String key = Ascii.toLowerCase(name);
        for (LinkAttribute attribute : attributes) {
            if (attribute.name().equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** The values of every occurrence of that attribute, in order; flags are skipped. */
    public List<String> values(String name) {
        String key = Ascii.toLowerCase(name);
        ImmutableList.Builder<String> values = ImmutableList.builder();
        for (LinkAttribute attribute : attributes) {
            if (attribute.name().equals(key) && !attribute.isFlag()) {
                values.add(attribute.value().get());
            }
        }
        return values.build();
    }

    /** The value of the first occurrence of that attribute that has one. */
    public Optional<String> firstValue(String name) {
        String key = Ascii.toLowerCase(name);
        for (LinkAttribute attribute : attributes) {
            if (attribute.name().equals(key) && !attribute.isFlag()) {
                return attribute.value();
            }
        }
        return Optional.empty();
    }

    /**
     * The space-separated tokens of every occurrence of that attribute: {@code rt="a b";rt=c} gives [a, b, c].
     * This is how relation-type attributes (rt, if, rel) hold several values.
     */
    public List<String> tokens(String name) {
        ImmutableList.Builder<String> tokens = ImmutableList.builder();
        for (String value : values(name)) {
            tokens.addAll(VALUE_TOKENS.split(value));
        }
        return tokens.build();
    }

    /** The {@code anchor} attribute, if present. */
    public Optional<String> anchor() {
        return firstValue("anchor");
    }

    /** For the parser, which has checked the target's characters already. */
    static Builder builderOfCheckedTarget(String target) {
        return new Builder(target, true);
    }

    /** A builder pre-filled with this link's target and attributes. */
    public Builder toBuilder() {
        Builder builder = new Builder(target);
        builder.attributes.addAll(attributes);
        return builder;
    }

    /** This link with another target and the same attributes. */
    public Link withTarget(String newTarget) {
        return new Link(checkedTarget(newTarget), attributes);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Link)) {
            return false;
        }
        Link other = (Link) o;
        return target.equals(other.target) && attributes.equals(other.attributes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * (31 + target.hashCode()) + attributes.hashCode();
            hash = h;
        }
        return h;
    }

    /** The link in link-format, as {@link LinkFormatSerializer#serialize(Link)} writes it. */
    @Override
    public String toString() {
        return LinkFormatSerializer.serialize(this);
    }

    private static String checkedTarget(String target) {
        Objects.requireNonNull(target, "target");
        int bad = LinkSyntax.invalidTargetCharIndex(target);
        if (bad >= 0) {
            throw new IllegalArgumentException("link target has a character not allowed in a URI reference at index "
                    + bad + " (whitespace, control character, '<' or '>')");
        }
        return target;
    }

    /** Collects attributes in order; not thread-safe. */
    public static final class Builder {

        private final String target;
        private final ImmutableList.Builder<LinkAttribute> attributes = ImmutableList.builder();

        private Builder(String target) {
            this.target = checkedTarget(target);
        }

        private Builder(String checkedTarget, boolean checked) {
            this.target = checkedTarget;
        }

        public Builder attribute(String name, String value) {
            attributes.add(LinkAttribute.of(name, value));
            return this;
        }

        public Builder flag(String name) {
            attributes.add(LinkAttribute.flag(name));
            return this;
        }

        public Builder attribute(LinkAttribute attribute) {
            attributes.add(Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        public Builder attributes(Iterable<LinkAttribute> more) {
            for (LinkAttribute attribute : more) {
                attribute(attribute);
            }
            return this;
        }

        public Link build() {
            return new Link(target, attributes.build());
        }
    }
}
