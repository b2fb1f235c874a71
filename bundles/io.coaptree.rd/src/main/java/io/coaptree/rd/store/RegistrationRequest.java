package io.coaptree.rd.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/** What a registration (RFC 9176 section 5.3: POST to the directory resource) asks the store to do. */
public final class RegistrationRequest {

    private final String endpointName;
    private final String sector;
    private final Long lifetimeSeconds;
    private final String base;
    private final String sourceAddress;
    private final String identity;
    private final ImmutableList<LinkAttribute> extraAttributes;
    private final ImmutableList<Link> links;

    private RegistrationRequest(Builder b) {
        this.endpointName = b.endpointName;
        this.sector = b.sector;
        this.lifetimeSeconds = b.lifetimeSeconds;
        this.base = b.base;
        this.sourceAddress = b.sourceAddress;
        this.identity = b.identity;
        this.extraAttributes = b.extraAttributes.build();
        this.links = b.links;
    }

    public static Builder builder(String endpointName) {
        return new Builder(Objects.requireNonNull(endpointName, "endpointName"));
    }

    /**
     * Reads ep, d, lt and base from a registration's Uri-Query options; every other parameter becomes an extra
     * attribute. The adapter then adds source address, identity and links.
     *
     * @throws InvalidRequestException if ep is missing, a parameter repeats, or lt is not a number
     */
    public static Builder fromUriQuery(List<String> uriQuery) throws InvalidRequestException {
        String ep = null;
        String d = null;
        Long lt = null;
        String base = null;
        ImmutableList.Builder<LinkAttribute> extras = ImmutableList.builder();
        for (QueryParameter parameter : QueryParameter.parse(uriQuery)) {
            switch (parameter.name()) {
                case "ep":
                    ep = once(parameter, ep, parameter.requiredValue());
                    break;
                case "d":
                    d = once(parameter, d, parameter.requiredValue());
                    break;
                case "lt":
                    lt = once(parameter, lt, parameter.number(1, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS));
                    break;
                case "base":
                    base = once(parameter, base, parameter.requiredValue());
                    break;
                default:
                    extras.add(parameter.toAttribute());
            }
        }
        if (ep == null) {
            throw new InvalidRequestException("ep", "registration needs the endpoint name parameter 'ep'");
        }
        Builder builder = builder(ep).sector(d).base(base);
        if (lt != null) {
            builder.lifetimeSeconds(lt);
        }
        builder.extraAttributes.addAll(extras.build());
        return builder;
    }

    static <T> T once(QueryParameter parameter, T previous, T value) throws InvalidRequestException {
        if (previous != null) {
            throw new InvalidRequestException(parameter.name(),
                    "query parameter '" + parameter.name() + "' must not be given twice");
        }
        return value;
    }

    public String endpointName() {
        return endpointName;
    }

    public Optional<String> sector() {
        return Optional.ofNullable(sector);
    }

    public OptionalLong lifetimeSeconds() {
        return lifetimeSeconds == null ? OptionalLong.empty() : OptionalLong.of(lifetimeSeconds);
    }

    public Optional<String> base() {
        return Optional.ofNullable(base);
    }

    /** The registrant's own URI (scheme://address:port), the base when none is given. */
    public Optional<String> sourceAddress() {
        return Optional.ofNullable(sourceAddress);
    }

    /** The authenticated peer identity (e.g. a PSK identity or certificate subject), if any. */
    public Optional<String> identity() {
        return Optional.ofNullable(identity);
    }

    public List<LinkAttribute> extraAttributes() {
        return extraAttributes;
    }

    public List<Link> links() {
        return links;
    }

    public static final class Builder {

        private final String endpointName;
        private String sector;
        private Long lifetimeSeconds;
        private String base;
        private String sourceAddress;
        private String identity;
        private final ImmutableList.Builder<LinkAttribute> extraAttributes = ImmutableList.builder();
        private ImmutableList<Link> links = ImmutableList.of();

        private Builder(String endpointName) {
            this.endpointName = endpointName;
        }

        /** d; null for none. */
        public Builder sector(String value) {
            sector = value;
            return this;
        }

        public Builder lifetimeSeconds(long value) {
            lifetimeSeconds = value;
            return this;
        }

        /** base; null for none. */
        public Builder base(String value) {
            base = value;
            return this;
        }

        public Builder sourceAddress(String value) {
            sourceAddress = value;
            return this;
        }

        /** null for an unauthenticated request. */
        public Builder identity(String value) {
            identity = value;
            return this;
        }

        public Builder extraAttribute(LinkAttribute attribute) {
            extraAttributes.add(Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        public Builder links(List<Link> value) {
            links = ImmutableList.copyOf(value);
            return this;
        }

        public RegistrationRequest build() {
            return new RegistrationRequest(this);
        }
    }
}
