package io.coaptree.rd.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * A registration update (RFC 9176 section 5.3.1: POST to the registration resource). Absent fields keep their
 * stored value; extra attributes replace stored ones of the same name; links, if given, replace all links.
 */
public final class UpdateRequest {

    private final Long lifetimeSeconds;
    private final String base;
    private final String sourceAddress;
    private final String identity;
    private final ImmutableList<LinkAttribute> extraAttributes;
    private final ImmutableList<Link> links;

    private UpdateRequest(Builder b) {
        this.lifetimeSeconds = b.lifetimeSeconds;
        this.base = b.base;
        this.sourceAddress = b.sourceAddress;
        this.identity = b.identity;
        this.extraAttributes = b.extraAttributes.build();
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
        Long lt = null;
        String base = null;
        for (QueryParameter parameter : QueryParameter.parse(uriQuery)) {
            switch (parameter.name()) {
                case "lt":
                    lt = RegistrationRequest.once(parameter, lt,
                            parameter.number(1, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS));
                    break;
                case "base":
                    base = RegistrationRequest.once(parameter, base, parameter.requiredValue());
                    break;
                case "ep":
                case "d":
                    throw new InvalidRequestException(parameter.name(), "query parameter '" + parameter.name()
                            + "' cannot be changed by an update; register again instead");
                default:
                    builder.extraAttribute(parameter.toAttribute());
            }
        }
        if (lt != null) {
            builder.lifetimeSeconds(lt);
        }
        return builder.base(base);
    }

    public OptionalLong lifetimeSeconds() {
        return lifetimeSeconds == null ? OptionalLong.empty() : OptionalLong.of(lifetimeSeconds);
    }

    public Optional<String> base() {
        return Optional.ofNullable(base);
    }

    public Optional<String> sourceAddress() {
        return Optional.ofNullable(sourceAddress);
    }

    public Optional<String> identity() {
        return Optional.ofNullable(identity);
    }

    public List<LinkAttribute> extraAttributes() {
        return extraAttributes;
    }

    /** Replacement links, if the update carries a payload. */
    public Optional<List<Link>> links() {
        return Optional.ofNullable(links);
    }

    public static final class Builder {

        private Long lifetimeSeconds;
        private String base;
        private String sourceAddress;
        private String identity;
        private final ImmutableList.Builder<LinkAttribute> extraAttributes = ImmutableList.builder();
        private ImmutableList<Link> links;

        private Builder() {
        }

        public Builder lifetimeSeconds(long value) {
            lifetimeSeconds = value;
            return this;
        }

        public Builder base(String value) {
            base = value;
            return this;
        }

        public Builder sourceAddress(String value) {
            sourceAddress = value;
            return this;
        }

        public Builder identity(String value) {
            identity = value;
            return this;
        }

        public Builder extraAttribute(LinkAttribute attribute) {
            extraAttributes.add(Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        /** Replaces every link of the registration; null keeps them. */
        public Builder links(List<Link> value) {
            links = value == null ? null : ImmutableList.copyOf(value);
            return this;
        }

        public UpdateRequest build() {
            return new UpdateRequest(this);
        }
    }
}
