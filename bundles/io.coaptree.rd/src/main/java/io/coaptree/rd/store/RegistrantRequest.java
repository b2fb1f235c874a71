package io.coaptree.rd.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.rd.options.RegistrationStoreOptions;

/**
 * What any write of a registrant (a registration or an update of one) may carry besides what only that kind has:
 * a lifetime, a base, extra attributes, and who sent it from where.
 */
public abstract class RegistrantRequest {

    private final Long lifetimeSeconds;
    private final String base;
    private final String sourceAddress;
    private final String identity;
    private final ImmutableList<LinkAttribute> extraAttributes;

    RegistrantRequest(Builder<?, ?> b) {
        this.lifetimeSeconds = b.lifetimeSeconds;
        this.base = b.base;
        this.sourceAddress = b.sourceAddress;
        this.identity = b.identity;
        this.extraAttributes = b.extraAttributes.build();
    }

    /** The same values as {@code other}. */
    RegistrantRequest(RegistrantRequest other) {
        this.lifetimeSeconds = other.lifetimeSeconds;
        this.base = other.base;
        this.sourceAddress = other.sourceAddress;
        this.identity = other.identity;
        this.extraAttributes = other.extraAttributes;
    }

    /** lt, if given. */
    public OptionalLong lifetimeSeconds() {
        return lifetimeSeconds == null ? OptionalLong.empty() : OptionalLong.of(lifetimeSeconds);
    }

    /** base, if given. */
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

    /** Query parameters that are not the RD's own, kept as registration attributes (RFC 9176 section 5.3). */
    public List<LinkAttribute> extraAttributes() {
        return extraAttributes;
    }

    /**
     * @param <B> the concrete builder, so the setters here chain into its own
     * @param <R> what it builds
     */
    public abstract static class Builder<B extends Builder<B, R>, R extends RegistrantRequest> {

        private Long lifetimeSeconds;
        private String base;
        private String sourceAddress;
        private String identity;
        private final ImmutableList.Builder<LinkAttribute> extraAttributes = ImmutableList.builder();

        Builder() {
        }

        abstract B self();

        public abstract R build();

        /** base as given so far, so an adapter can check it before the request is built. */
        public Optional<String> base() {
            return Optional.ofNullable(base);
        }

        public B lifetimeSeconds(long value) {
            lifetimeSeconds = value;
            return self();
        }

        /** base; null for none. */
        public B base(String value) {
            base = value;
            return self();
        }

        public B sourceAddress(String value) {
            sourceAddress = value;
            return self();
        }

        /** null for an unauthenticated request. */
        public B identity(String value) {
            identity = value;
            return self();
        }

        public B extraAttribute(LinkAttribute attribute) {
            extraAttributes.add(Objects.requireNonNull(attribute, "attribute"));
            return self();
        }

        /**
         * Takes lt or base, each at most once, and any other parameter as an extra attribute; the parameters only
         * one kind of request has (ep, d) are for the caller to read before.
         */
        void read(QueryParameter parameter) throws InvalidRequestException {
            switch (parameter.name()) {
                case "lt":
                    lifetimeSeconds = once(parameter, lifetimeSeconds,
                            parameter.number(1, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS));
                    break;
                case "base":
                    base = once(parameter, base, parameter.requiredValue());
                    break;
                default:
                    extraAttribute(parameter.toAttribute());
            }
        }
    }

    static <T> T once(QueryParameter parameter, T previous, T value) throws InvalidRequestException {
        if (previous != null) {
            throw new InvalidRequestException(parameter.name(),
                    "query parameter '" + parameter.name() + "' must not be given twice");
        }
        return value;
    }
}
