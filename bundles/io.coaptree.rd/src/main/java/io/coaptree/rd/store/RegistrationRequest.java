package io.coaptree.rd.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.Link;

/** What a registration (RFC 9176 section 5.3: POST to the directory resource) asks the store to do. */
public final class RegistrationRequest extends RegistrantRequest {

    private final String endpointName;
    private final String sector;
    private final ImmutableList<Link> links;

    private RegistrationRequest(Builder b) {
        super(b);
        this.endpointName = b.endpointName;
        this.sector = b.sector;
        this.links = b.links;
    }

    private RegistrationRequest(RegistrationRequest other, String sector) {
        super(other);
        this.endpointName = other.endpointName;
        this.sector = sector;
        this.links = other.links;
    }

    /** This request with d = {@code sector} (null for none); links and attributes are shared, not copied. */
    public RegistrationRequest inSector(String sector) {
        return new RegistrationRequest(this, sector);
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
        Builder builder = new Builder(null);
        for (QueryParameter parameter : QueryParameter.parse(uriQuery)) {
            switch (parameter.name()) {
                case "ep":
                    builder.endpointName = once(parameter, builder.endpointName, parameter.requiredValue());
                    break;
                case "d":
                    builder.sector = once(parameter, builder.sector, parameter.requiredValue());
                    break;
                default:
                    builder.read(parameter);
            }
        }
        if (builder.endpointName == null) {
            throw new InvalidRequestException("ep", "registration needs the endpoint name parameter 'ep'");
        }
        return builder;
    }

    public String endpointName() {
        return endpointName;
    }

    public Optional<String> sector() {
        return Optional.ofNullable(sector);
    }

    public List<Link> links() {
        return links;
    }

    public static final class Builder extends RegistrantRequest.Builder<Builder, RegistrationRequest> {

        private String endpointName;
        private String sector;
        private ImmutableList<Link> links = ImmutableList.of();

        private Builder(String endpointName) {
            this.endpointName = endpointName;
        }

        @Override
        Builder self() {
            return this;
        }

        /** d; null for none. */
        public Builder sector(String value) {
            sector = value;
            return this;
        }

        public Builder links(List<Link> value) {
            links = ImmutableList.copyOf(value);
            return this;
        }

        @Override
        public RegistrationRequest build() {
            return new RegistrationRequest(this);
        }
    }
}
