package io.coaptree.rd.store;

import java.time.Duration;

/**
 * Every limit and policy of a {@link RegistrationStore}, with safe defaults for a gateway. Immutable; the builder
 * refuses a bad value with a message that names the setting.
 */
public final class RegistrationStoreOptions {

    /** RFC 9176: ep and d are at most 63 bytes of UTF-8. */
    public static final int RFC_MAX_NAME_BYTES = 63;
    /** RFC 9176: lt ranges from 1 to 2^32 - 1 seconds. */
    public static final long RFC_MAX_LIFETIME_SECONDS = 4_294_967_295L;

    public static final RegistrationStoreOptions DEFAULTS = builder().build();

    private final int maxRegistrations;
    private final int maxLinksPerRegistration;
    private final int maxExtraAttributes;
    private final long minLifetimeSeconds;
    private final long maxLifetimeSeconds;
    private final long defaultLifetimeSeconds;
    private final int maxEndpointNameBytes;
    private final int maxSectorBytes;
    private final boolean requireIdentity;
    private final long sweepIntervalSeconds;

    private RegistrationStoreOptions(Builder b) {
        this.maxRegistrations = b.maxRegistrations;
        this.maxLinksPerRegistration = b.maxLinksPerRegistration;
        this.maxExtraAttributes = b.maxExtraAttributes;
        this.minLifetimeSeconds = b.minLifetimeSeconds;
        this.maxLifetimeSeconds = b.maxLifetimeSeconds;
        this.defaultLifetimeSeconds = b.defaultLifetimeSeconds;
        this.maxEndpointNameBytes = b.maxEndpointNameBytes;
        this.maxSectorBytes = b.maxSectorBytes;
        this.requireIdentity = b.requireIdentity;
        this.sweepIntervalSeconds = b.sweepIntervalSeconds;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Most registrations held at once (default 1000); one more is refused with STORE_FULL. */
    public int maxRegistrations() {
        return maxRegistrations;
    }

    /** Most links in one registration (default 1000); more is refused with TOO_LARGE. */
    public int maxLinksPerRegistration() {
        return maxLinksPerRegistration;
    }

    /** Most extra registration attributes (et and unknown query parameters; default 32). */
    public int maxExtraAttributes() {
        return maxExtraAttributes;
    }

    /** Shortest lifetime accepted, seconds (default 60). */
    public long minLifetimeSeconds() {
        return minLifetimeSeconds;
    }

    /** Longest lifetime accepted, seconds (default the RFC maximum 4294967295). */
    public long maxLifetimeSeconds() {
        return maxLifetimeSeconds;
    }

    /** Lifetime of a registration that gives no lt (default 90000, the RFC's). */
    public long defaultLifetimeSeconds() {
        return defaultLifetimeSeconds;
    }

    /** Longest endpoint name in UTF-8 bytes (default and most 63). */
    public int maxEndpointNameBytes() {
        return maxEndpointNameBytes;
    }

    /** Longest sector in UTF-8 bytes (default and most 63). */
    public int maxSectorBytes() {
        return maxSectorBytes;
    }

    /** Refuse register, update and remove requests that carry no authenticated identity (default false). */
    public boolean requireIdentity() {
        return requireIdentity;
    }

    /** How often the one sweeper removes expired registrations (default 10 s). */
    public Duration sweepInterval() {
        return Duration.ofSeconds(sweepIntervalSeconds);
    }

    public long sweepIntervalSeconds() {
        return sweepIntervalSeconds;
    }

    public Builder toBuilder() {
        return new Builder().maxRegistrations(maxRegistrations).maxLinksPerRegistration(maxLinksPerRegistration)
                .maxExtraAttributes(maxExtraAttributes).lifetimeBounds(minLifetimeSeconds, maxLifetimeSeconds)
                .defaultLifetimeSeconds(defaultLifetimeSeconds).maxEndpointNameBytes(maxEndpointNameBytes)
                .maxSectorBytes(maxSectorBytes).requireIdentity(requireIdentity)
                .sweepIntervalSeconds(sweepIntervalSeconds);
    }

    @Override
    public String toString() {
        return "RegistrationStoreOptions[maxRegistrations=" + maxRegistrations + ", maxLinksPerRegistration="
                + maxLinksPerRegistration + ", maxExtraAttributes=" + maxExtraAttributes + ", minLifetimeSeconds="
                + minLifetimeSeconds + ", maxLifetimeSeconds=" + maxLifetimeSeconds + ", defaultLifetimeSeconds="
                + defaultLifetimeSeconds + ", maxEndpointNameBytes=" + maxEndpointNameBytes + ", maxSectorBytes="
                + maxSectorBytes + ", requireIdentity=" + requireIdentity
                + ", sweepIntervalSeconds=" + sweepIntervalSeconds + "]";
    }

    public static final class Builder {

        private int maxRegistrations = 1000;
        private int maxLinksPerRegistration = 1000;
        private int maxExtraAttributes = 32;
        private long minLifetimeSeconds = 60;
        private long maxLifetimeSeconds = RFC_MAX_LIFETIME_SECONDS;
        private long defaultLifetimeSeconds = 90_000;
        private int maxEndpointNameBytes = RFC_MAX_NAME_BYTES;
        private int maxSectorBytes = RFC_MAX_NAME_BYTES;
        private boolean requireIdentity;
        private long sweepIntervalSeconds = 10;

        private Builder() {
        }

        public Builder maxRegistrations(int value) {
            maxRegistrations = (int) inRange("maxRegistrations", value, 1, Integer.MAX_VALUE);
            return this;
        }

        public Builder maxLinksPerRegistration(int value) {
            maxLinksPerRegistration = (int) inRange("maxLinksPerRegistration", value, 0, Integer.MAX_VALUE);
            return this;
        }

        public Builder maxExtraAttributes(int value) {
            maxExtraAttributes = (int) inRange("maxExtraAttributes", value, 0, Integer.MAX_VALUE);
            return this;
        }

        /** Both bounds at once, so a new range never passes through an inconsistent state. */
        public Builder lifetimeBounds(long minSeconds, long maxSeconds) {
            minLifetimeSeconds = inRange("minLifetimeSeconds", minSeconds, 1, RFC_MAX_LIFETIME_SECONDS);
            maxLifetimeSeconds = inRange("maxLifetimeSeconds", maxSeconds, 1, RFC_MAX_LIFETIME_SECONDS);
            return this;
        }

        public Builder minLifetimeSeconds(long value) {
            minLifetimeSeconds = inRange("minLifetimeSeconds", value, 1, RFC_MAX_LIFETIME_SECONDS);
            return this;
        }

        public Builder maxLifetimeSeconds(long value) {
            maxLifetimeSeconds = inRange("maxLifetimeSeconds", value, 1, RFC_MAX_LIFETIME_SECONDS);
            return this;
        }

        public Builder defaultLifetimeSeconds(long value) {
            defaultLifetimeSeconds = inRange("defaultLifetimeSeconds", value, 1, RFC_MAX_LIFETIME_SECONDS);
            return this;
        }

        public Builder maxEndpointNameBytes(int value) {
            maxEndpointNameBytes = (int) inRange("maxEndpointNameBytes", value, 1, RFC_MAX_NAME_BYTES);
            return this;
        }

        public Builder maxSectorBytes(int value) {
            maxSectorBytes = (int) inRange("maxSectorBytes", value, 1, RFC_MAX_NAME_BYTES);
            return this;
        }

        public Builder requireIdentity(boolean value) {
            requireIdentity = value;
            return this;
        }

        public Builder sweepIntervalSeconds(long value) {
            sweepIntervalSeconds = inRange("sweepIntervalSeconds", value, 1, 86_400);
            return this;
        }

        /**
         * @throws IllegalArgumentException naming the setting, if the settings contradict each other
         */
        public RegistrationStoreOptions build() {
            if (minLifetimeSeconds > maxLifetimeSeconds) {
                throw new IllegalArgumentException("minLifetimeSeconds (" + minLifetimeSeconds
                        + ") must not exceed maxLifetimeSeconds (" + maxLifetimeSeconds + ")");
            }
            if (defaultLifetimeSeconds < minLifetimeSeconds || defaultLifetimeSeconds > maxLifetimeSeconds) {
                throw new IllegalArgumentException("defaultLifetimeSeconds (" + defaultLifetimeSeconds
                        + ") must lie between minLifetimeSeconds (" + minLifetimeSeconds
                        + ") and maxLifetimeSeconds (" + maxLifetimeSeconds + ")");
            }
            return new RegistrationStoreOptions(this);
        }

        private static long inRange(String field, long value, long min, long max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(field + " must be between " + min + " and " + max + ", was " + value);
            }
            return value;
        }
    }
}
