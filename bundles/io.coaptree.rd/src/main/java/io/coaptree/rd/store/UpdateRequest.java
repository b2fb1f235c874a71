package io.coaptree.rd.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * A registration update (RFC 9176 section 5.3.1: POST to the registration resource). Absent fields keep their
 * stored value; extra attributes replace stored ones of the same name; links, if given, replace all links.
 */
public final class UpdateRequest extends RegistrantRequest {

    private final ImmutableList<Link> links;

    private UpdateRequest(Builder b) {
        super(b);
        this.links = b.links;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads lt and base from an update's Uri-Query options; other parameters become extra attributes.
     *
     * @throws InvalidRequestException if a parameter repeats, lt is not a number, or ep / d are given
     *         (they name the registration and cannot change)
     */
    public static Builder fromUriQuery(List<String> uriQuery) throws InvalidRequestException {
        Builder builder = builder();
        for (QueryParameter parameter : QueryParameter.parse(uriQuery)) {
            if (parameter.name().equals("ep") || parameter.name().equals("d")) {
                throw new InvalidRequestException(parameter.name(), "query parameter '" + parameter.name()
                        + "' cannot be changed by an update; register again instead");
            }
            builder.read(parameter);
        }
        return builder;
    }

    /** Replacement links, if the update carries a payload. */
    public Optional<List<Link>> links() {
        return Optional.ofNullable(links);
    }

    /**
     * The extra registration attributes after an update (RFC 9176 5.3.1): an attribute in the update replaces every
     * stored value of the same name; the others stay, in their order.
     */
    static List<LinkAttribute> mergeExtras(List<LinkAttribute> stored, List<LinkAttribute> updates) {
        if (updates.isEmpty()) {
            return stored;
        }
        // RFC 9176 5.3.1: an attribute in an update overrides every stored value of the same name.
        Map<String, List<LinkAttribute>> byName = new LinkedHashMap<>();
        for (LinkAttribute attribute : stored) {
            byName.computeIfAbsent(attribute.name(), n -> new ArrayList<>()).add(attribute);
        }
        Map<String, List<LinkAttribute>> replacements = new LinkedHashMap<>();
        for (LinkAttribute attribute : updates) {
            replacements.computeIfAbsent(attribute.name(), n -> new ArrayList<>()).add(attribute);
        }
        byName.putAll(replacements);
        List<LinkAttribute> merged = new ArrayList<>();
        byName.values().forEach(merged::addAll);
        return merged;
    }

    public static final class Builder extends RegistrantRequest.Builder<Builder, UpdateRequest> {

        private ImmutableList<Link> links;

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /** Replaces every link of the registration; null keeps them. */
        public Builder links(List<Link> value) {
            links = value == null ? null : ImmutableList.copyOf(value);
            return this;
        }

        @Override
        public UpdateRequest build() {
            return new UpdateRequest(this);
        }
    }
}
