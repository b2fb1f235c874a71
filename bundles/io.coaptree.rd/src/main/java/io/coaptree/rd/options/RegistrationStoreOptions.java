package io.coaptree.rd.options;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * Every limit and policy of a {@code RegistrationStore}: the Resource Directory's settings the store reads, each
 * defined once below (they are part of {@link DirectoryOptions#SETTINGS}, from which the build writes the metatype).
 * A bad value, delivered or built in code, is refused with an {@link InvalidPropertyException} naming the property.
 *
 * @param maxRegistrations registrations held at once; one more is refused with STORE_FULL
 * @param maxLinksPerRegistration links in one registration; more is refused with TOO_LARGE
 * @param maxExtraAttributes extra registration parameters kept per registration; more is refused with TOO_LARGE
 * @param minLifetimeSeconds shortest lt accepted
 * @param maxLifetimeSeconds longest lt accepted
 * @param defaultLifetimeSeconds lifetime of a registration that gives no lt, between the two bounds
 * @param sweepIntervalSeconds how often the one sweeper removes expired registrations
 * @param requireIdentity refuse register, update and remove requests that carry no authenticated identity
 */
public record RegistrationStoreOptions(int maxRegistrations, int maxLinksPerRegistration, int maxExtraAttributes,
        long minLifetimeSeconds, long maxLifetimeSeconds, long defaultLifetimeSeconds, int sweepIntervalSeconds,
        boolean requireIdentity) {

    /** RFC 9176: ep and d are at most 63 bytes of UTF-8. */
    public static final int RFC_MAX_NAME_BYTES = 63;
    /** RFC 9176: lt ranges from 1 to 2^32 - 1 seconds. */
    public static final long RFC_MAX_LIFETIME_SECONDS = 4_294_967_295L;

    public static final Setting<Integer> REGISTRATIONS_MAX = Setting.integer("registrations.max", 1000)
            .range(1, 1_000_000).named("Maximum registrations")
            .describedAs("Registrations held at once. One more is refused with 5.03 Service Unavailable until one "
                    + "expires or is removed.");
    public static final Setting<Integer> LINKS_MAX = Setting.integer("registration.links.max", 1000)
            .range(0, 100_000).named("Maximum links per registration")
            .describedAs("Links in one registration. More is refused with 4.13 Request Entity Too Large.");
    public static final Setting<Integer> ATTRIBUTES_MAX = Setting.integer("registration.attributes.max", 32)
            .range(0, 1024).named("Maximum registration attributes")
            .describedAs("Extra registration parameters (et and others) kept per registration. More is refused "
                    + "with 4.13.");
    public static final Setting<Long> LIFETIME_MIN = Setting.longValue("lifetime.min.seconds", 60)
            .range(1, RFC_MAX_LIFETIME_SECONDS).named("Minimum lifetime (s)")
            .describedAs("Shortest lt accepted; a shorter one is refused with 4.00.");
    public static final Setting<Long> LIFETIME_MAX = Setting.longValue("lifetime.max.seconds",
            RFC_MAX_LIFETIME_SECONDS).range(1, RFC_MAX_LIFETIME_SECONDS).named("Maximum lifetime (s)")
            .describedAs("Longest lt accepted; a longer one is refused with 4.00.");
    public static final Setting<Long> LIFETIME_DEFAULT = Setting.longValue("lifetime.default.seconds", 90_000)
            .range(1, RFC_MAX_LIFETIME_SECONDS).named("Default lifetime (s)")
            .describedAs("Lifetime of a registration without lt (RFC 9176: 90000, 25 hours). Between the minimum "
                    + "and the maximum.");
    public static final Setting<Integer> SWEEP_INTERVAL = Setting.integer("sweep.interval.seconds", 10)
            .range(1, 86_400).named("Expiry sweep interval (s)")
            .describedAs("How often the one sweeper removes expired registrations. Expired registrations are "
                    + "invisible at once; the sweep frees their memory.");
    public static final Setting<Boolean> REQUIRE_AUTHENTICATION = Setting
            .flag("registration.require.authentication", false).named("Require authenticated registration")
            .describedAs("Accept registrations, updates and removals only over DTLS with an authenticated identity "
                    + "(others get 4.01). Either way, an endpoint name belongs to the identity that first "
                    + "registered it (RFC 9176 section 7): another identity gets 4.03.");

    public static final List<Setting<?>> ALL = List.of(REGISTRATIONS_MAX, LINKS_MAX, ATTRIBUTES_MAX, LIFETIME_MIN,
            LIFETIME_MAX, LIFETIME_DEFAULT, SWEEP_INTERVAL, REQUIRE_AUTHENTICATION);

    private static final RegistrationStoreOptions DEFAULTS = fromProperties(Map.of());

    public RegistrationStoreOptions {
        REGISTRATIONS_MAX.check(maxRegistrations);
        LINKS_MAX.check(maxLinksPerRegistration);
        ATTRIBUTES_MAX.check(maxExtraAttributes);
        LIFETIME_MIN.check(minLifetimeSeconds);
        LIFETIME_MAX.check(maxLifetimeSeconds);
        LIFETIME_DEFAULT.check(defaultLifetimeSeconds);
        SWEEP_INTERVAL.check(sweepIntervalSeconds);
        if (minLifetimeSeconds > maxLifetimeSeconds) {
            throw new InvalidPropertyException(LIFETIME_MIN.id(),
                    minLifetimeSeconds + " is more than " + LIFETIME_MAX + " (" + maxLifetimeSeconds + ")");
        }
        if (defaultLifetimeSeconds < minLifetimeSeconds || defaultLifetimeSeconds > maxLifetimeSeconds) {
            throw new InvalidPropertyException(LIFETIME_DEFAULT.id(), defaultLifetimeSeconds + " is outside "
                    + minLifetimeSeconds + ".." + maxLifetimeSeconds + " (" + LIFETIME_MIN + ".." + LIFETIME_MAX + ")");
        }
    }

    /** @return every setting at its default */
    public static RegistrationStoreOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads the store's settings from component properties as Kura delivers them; missing ones take their default.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static RegistrationStoreOptions fromProperties(Map<String, ?> properties) {
        return new RegistrationStoreOptions(REGISTRATIONS_MAX.from(properties), LINKS_MAX.from(properties),
                ATTRIBUTES_MAX.from(properties), LIFETIME_MIN.from(properties), LIFETIME_MAX.from(properties),
                LIFETIME_DEFAULT.from(properties), SWEEP_INTERVAL.from(properties),
                REQUIRE_AUTHENTICATION.from(properties));
    }

    /** How often the one sweeper removes expired registrations. */
    public Duration sweepInterval() {
        return Duration.ofSeconds(sweepIntervalSeconds);
    }
}
