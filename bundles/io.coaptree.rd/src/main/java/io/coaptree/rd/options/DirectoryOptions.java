package io.coaptree.rd.options;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.properties.ComponentProperties;
import io.coaptree.rd.store.RegistrationStoreOptions;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/**
 * The Resource Directory's configuration, typed and validated. Property ids are those of the Kura metatype
 * ({@code OSGI-INF/metatype/io.coaptree.rd.ResourceDirectory.xml}). Every limit is a named setting with a safe
 * default; {@link #from(Map)} refuses a bad value with an {@link InvalidPropertyException} naming the field.
 */
public final class DirectoryOptions {

    public static final String REGISTRATIONS_MAX = "registrations.max";
    public static final String LINKS_MAX = "registration.links.max";
    public static final String ATTRIBUTES_MAX = "registration.attributes.max";
    public static final String LIFETIME_MIN = "lifetime.min.seconds";
    public static final String LIFETIME_MAX = "lifetime.max.seconds";
    public static final String LIFETIME_DEFAULT = "lifetime.default.seconds";
    public static final String SWEEP_INTERVAL = "sweep.interval.seconds";
    public static final String REQUIRE_AUTHENTICATION = "registration.require.authentication";
    public static final String DEFAULT_SECTOR = "sector.default";
    public static final String PAYLOAD_MAX = "payload.max.bytes";
    public static final String LINK_ATTRIBUTES_MAX = "link.attributes.max";
    public static final String LINK_ATTRIBUTE_LENGTH_MAX = "link.attribute.length.max";
    public static final String LINK_TARGET_LENGTH_MAX = "link.target.length.max";
    public static final String LOOKUP_ACCESS = "lookup.access";
    public static final String LOOKUP_PAYLOAD_MAX = "lookup.payload.max.bytes";
    public static final String INTERFACES_REFRESH = "interfaces.refresh.seconds";
    public static final String SIMPLE_ENABLED = "simple.registration.enabled";
    public static final String SIMPLE_TIMEOUT = "simple.registration.timeout.seconds";
    public static final String SIMPLE_MAX = "simple.registration.max.bytes";
    public static final String PERSISTENCE_FILE = "persistence.file";
    public static final String PERSISTENCE_INTERVAL = "persistence.interval.seconds";
    public static final String LOCAL_ENABLED = "local.registration.enabled";
    public static final String LOCAL_ENDPOINT = "local.endpoint.name";
    public static final String LOCAL_BASE = "local.base";
    public static final String LOCAL_CHECK_INTERVAL = "local.registration.check.seconds";
    public static final String LOCAL_LIFETIME = "local.registration.lifetime.seconds";

    private static final DirectoryOptions DEFAULTS = from(Map.of());

    private final RegistrationStoreOptions store;
    private final LinkFormatLimits payloadLimits;
    private final String defaultSector;
    private final LookupAccess lookupAccess;
    private final int lookupPayloadMaxBytes;
    private final Duration interfacesRefreshInterval;
    private final boolean simpleRegistrationEnabled;
    private final Duration simpleRegistrationTimeout;
    private final int simpleRegistrationMaxBytes;
    private final String persistenceFile;
    private final Duration persistenceInterval;
    private final boolean localRegistrationEnabled;
    private final String localEndpointName;
    private final String localBase;
    private final Duration localCheckInterval;
    private final long localLifetimeSeconds;

    private DirectoryOptions(ComponentProperties p) {
        RegistrationStoreOptions.Builder builder = RegistrationStoreOptions.builder();
        try {
            builder.maxRegistrations(p.integer(REGISTRATIONS_MAX, 1000, 1, 1_000_000));
        } catch (IllegalArgumentException e) {
            throw refused(REGISTRATIONS_MAX, e);
        }
        int maxLinks = p.integer(LINKS_MAX, 1000, 0, 100_000);
        builder.maxLinksPerRegistration(maxLinks);
        builder.maxExtraAttributes(p.integer(ATTRIBUTES_MAX, 32, 0, 1024));
        long minLifetime = p.longValue(LIFETIME_MIN, 60, 1, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS);
        long maxLifetime = p.longValue(LIFETIME_MAX, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS, 1,
                RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS);
        if (minLifetime > maxLifetime) {
            throw new InvalidPropertyException(LIFETIME_MIN,
                    minLifetime + " is more than " + LIFETIME_MAX + " (" + maxLifetime + ")");
        }
        builder.lifetimeBounds(minLifetime, maxLifetime);
        long defaultLifetime = p.longValue(LIFETIME_DEFAULT, Math.min(maxLifetime, Math.max(minLifetime, 90_000)),
                minLifetime, maxLifetime);
        builder.defaultLifetimeSeconds(defaultLifetime);
        builder.sweepIntervalSeconds(p.integer(SWEEP_INTERVAL, 10, 1, 86_400));
        builder.requireIdentity(p.bool(REQUIRE_AUTHENTICATION, false));
        store = builder.build();

        defaultSector = p.string(DEFAULT_SECTOR, "").trim();
        requireName(DEFAULT_SECTOR, defaultSector, true);

        payloadLimits = LinkFormatLimits.builder()
                .maxPayloadChars(p.integer(PAYLOAD_MAX, 65_536, 64, 16 * 1024 * 1024))
                .maxLinks(Math.max(1, maxLinks))
                .maxAttributesPerLink(p.integer(LINK_ATTRIBUTES_MAX, 64, 1, 4096))
                .maxAttributeLength(p.integer(LINK_ATTRIBUTE_LENGTH_MAX, 1024, 16, 65_536))
                .maxTargetLength(p.integer(LINK_TARGET_LENGTH_MAX, 2048, 16, 65_536))
                .build();

        lookupAccess = p.enumValue(LOOKUP_ACCESS, LookupAccess.OPEN);
        lookupPayloadMaxBytes = p.integer(LOOKUP_PAYLOAD_MAX, 65_536, 1024, 16 * 1024 * 1024);
        interfacesRefreshInterval = Duration.ofSeconds(p.integer(INTERFACES_REFRESH, 30, 1, 3600));

        simpleRegistrationEnabled = p.bool(SIMPLE_ENABLED, true);
        simpleRegistrationTimeout = Duration.ofSeconds(p.integer(SIMPLE_TIMEOUT, 10, 1, 300));
        simpleRegistrationMaxBytes = p.integer(SIMPLE_MAX, 16_384, 64, 16 * 1024 * 1024);

        persistenceFile = p.string(PERSISTENCE_FILE, "").trim();
        persistenceInterval = Duration.ofSeconds(p.integer(PERSISTENCE_INTERVAL, 60, 0, 86_400));

        localRegistrationEnabled = p.bool(LOCAL_ENABLED, true);
        localEndpointName = p.string(LOCAL_ENDPOINT, "gateway").trim();
        requireName(LOCAL_ENDPOINT, localEndpointName, false);
        localBase = p.string(LOCAL_BASE, "").trim();
        if (!localBase.isEmpty() && (localBase.indexOf("://") <= 0 || localBase.indexOf(' ') >= 0)) {
            throw new InvalidPropertyException(LOCAL_BASE,
                    "'" + localBase + "' is not an absolute URI such as coap://192.168.1.10:5683");
        }
        localCheckInterval = Duration.ofSeconds(p.integer(LOCAL_CHECK_INTERVAL, 5, 1, 3600));
        localLifetimeSeconds = Refusal.STANDARD.requireRange(LOCAL_LIFETIME,
                p.longValue(LOCAL_LIFETIME, Math.min(maxLifetime, Math.max(minLifetime, 600))), minLifetime,
                maxLifetime, LIFETIME_MIN + ".." + LIFETIME_MAX);
        if (localLifetimeSeconds <= 2 * localCheckInterval.toSeconds()) {
            throw new InvalidPropertyException(LOCAL_LIFETIME, localLifetimeSeconds + " must be more than twice "
                    + LOCAL_CHECK_INTERVAL + " (" + localCheckInterval.toSeconds() + "), or it lapses between checks");
        }
    }

    /** The metatype defaults. */
    public static DirectoryOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads the options from component properties as Kura delivers them ({@link ComponentProperties} says which
     * forms each type may take). Missing properties take their default.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static DirectoryOptions from(Map<String, ?> properties) {
        return new DirectoryOptions(ComponentProperties.of(properties, Refusal.STANDARD));
    }

    /** Limits, lifetimes, sweep interval and the authentication requirement of the registration store. */
    public RegistrationStoreOptions store() {
        return store;
    }

    /** Bounds on a registration payload (and on a fetched /.well-known/core): size, links, attributes, lengths. */
    public LinkFormatLimits payloadLimits() {
        return payloadLimits;
    }

    /** {@value #DEFAULT_SECTOR}: the sector of registrations without d; empty means the node's domain. */
    public String defaultSector() {
        return defaultSector;
    }

    /** {@value #LOOKUP_ACCESS} */
    public LookupAccess lookupAccess() {
        return lookupAccess;
    }

    /** {@value #LOOKUP_PAYLOAD_MAX}: a larger lookup result is refused (5.03) with a hint to page. */
    public int lookupPayloadMaxBytes() {
        return lookupPayloadMaxBytes;
    }

    /**
     * {@value #INTERFACES_REFRESH}: how often the host's network interfaces are reread to tell which link a peer is
     * on, for registrations with a link-local base (RFC 9176 sections 5, 6.1 and 6.4).
     */
    public Duration interfacesRefreshInterval() {
        return interfacesRefreshInterval;
    }

    /** {@value #SIMPLE_ENABLED}: whether /.well-known/rd is served. */
    public boolean simpleRegistrationEnabled() {
        return simpleRegistrationEnabled;
    }

    /** {@value #SIMPLE_TIMEOUT}: how long the directory waits for the endpoint's /.well-known/core. */
    public Duration simpleRegistrationTimeout() {
        return simpleRegistrationTimeout;
    }

    /** {@value #SIMPLE_MAX}: the largest /.well-known/core document accepted from a simple registrant. */
    public int simpleRegistrationMaxBytes() {
        return simpleRegistrationMaxBytes;
    }

    /** {@value #PERSISTENCE_FILE}: where registrations are kept across restarts; empty means the bundle's data area. */
    public String persistenceFile() {
        return persistenceFile;
    }

    /** {@value #PERSISTENCE_INTERVAL}: how often changed registrations are saved; zero saves only when stopping. */
    public Duration persistenceInterval() {
        return persistenceInterval;
    }

    /** {@value #LOCAL_ENABLED}: register the node's own published resources in this directory. */
    public boolean localRegistrationEnabled() {
        return localRegistrationEnabled;
    }

    /** {@value #LOCAL_ENDPOINT}: the endpoint name of the node's own registration. */
    public String localEndpointName() {
        return localEndpointName;
    }

    /** {@value #LOCAL_BASE}: base URI of the node's own registration; empty derives it from the host and port. */
    public String localBase() {
        return localBase;
    }

    /** {@value #LOCAL_CHECK_INTERVAL}: how often the node's published resources are compared with its registration. */
    public Duration localCheckInterval() {
        return localCheckInterval;
    }

    /** {@value #LOCAL_LIFETIME} */
    public long localLifetimeSeconds() {
        return localLifetimeSeconds;
    }

    private static InvalidPropertyException refused(String field, IllegalArgumentException e) {
        return e instanceof InvalidPropertyException invalid ? invalid : new InvalidPropertyException(field, e.getMessage());
    }

    private static void requireName(String field, String value, boolean mayBeEmpty) {
        if (value.isEmpty()) {
            if (!mayBeEmpty) {
                throw new InvalidPropertyException(field, "must not be empty");
            }
            return;
        }
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > RegistrationStoreOptions.RFC_MAX_NAME_BYTES) {
            throw new InvalidPropertyException(field, "'" + value + "' is " + bytes + " bytes of UTF-8, more than "
                    + RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new InvalidPropertyException(field, "must not contain control characters");
            }
        }
    }
}
