package io.coaptree.rd.options;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The Resource Directory's configuration, typed and validated. Each setting is defined once below (the store's in
 * {@link RegistrationStoreOptions}); the build writes the component's metatype from {@link #SETTINGS}, and a bad
 * value is refused with an {@link InvalidPropertyException} naming the property.
 *
 * @param store limits, lifetimes, sweep interval and the authentication requirement of the registration store
 * @param defaultSector the sector of registrations without d; empty means the node's domain
 * @param lookupAccess who may use the lookup interfaces
 * @param lookupPayloadMaxBytes a larger lookup result is refused (5.03) with a hint to page
 * @param interfacesRefreshSeconds how often the host's interfaces are reread ({@link #interfacesRefreshInterval()})
 * @param payloadMaxBytes the largest registration payload, in characters ({@link #payloadLimits()})
 * @param linkAttributesMax attributes on one registered link
 * @param linkAttributeLengthMax the longest attribute name or value of a registered link
 * @param linkTargetLengthMax the longest target of a registered link
 * @param simpleRegistrationEnabled whether /.well-known/rd is served
 * @param simpleRegistrationTimeoutSeconds how long the directory waits for the endpoint's /.well-known/core
 * @param simpleRegistrationMaxBytes the largest /.well-known/core document accepted from a simple registrant
 * @param persistenceFile where registrations are kept across restarts; empty means under Kura's data folder
 * @param persistenceIntervalSeconds how often changed registrations are saved; zero saves only when stopping
 * @param localRegistrationEnabled register the node's own published resources in this directory
 * @param localEndpointName the endpoint name of the node's own registration
 * @param localBase base URI of the node's own registration; empty derives it from the host and port
 * @param localCheckIntervalSeconds how often the node's published resources are compared with its registration
 * @param localLifetimeSeconds the lifetime of the node's own registration
 */
public record DirectoryOptions(RegistrationStoreOptions store, String defaultSector, LookupAccess lookupAccess,
        int lookupPayloadMaxBytes, int interfacesRefreshSeconds, int payloadMaxBytes, int linkAttributesMax,
        int linkAttributeLengthMax, int linkTargetLengthMax, boolean simpleRegistrationEnabled,
        int simpleRegistrationTimeoutSeconds, int simpleRegistrationMaxBytes, String persistenceFile,
        int persistenceIntervalSeconds, boolean localRegistrationEnabled, String localEndpointName, String localBase,
        int localCheckIntervalSeconds, long localLifetimeSeconds) {

    public static final String PID = "io.coaptree.rd.ResourceDirectory";

    public static final Setting<String> DEFAULT_SECTOR = Setting.text("sector.default", "").optional()
            .named("Default sector")
            .describedAs("Sector (d) of registrations that give none. Empty: the node's domain (node.domain of the "
                    + "CoAP server), or no sector if that is empty too.");
    public static final Setting<LookupAccess> LOOKUP_ACCESS = Setting.choice("lookup.access", LookupAccess.OPEN)
            .labelled("open", "Anyone", "authenticated", "Authenticated DTLS clients only").named("Lookup access")
            .describedAs("Who may use /rd-lookup/ep and /rd-lookup/res.");
    public static final Setting<Integer> LOOKUP_PAYLOAD_MAX = Setting.integer("lookup.payload.max.bytes", 65_536)
            .range(1024, 16_777_216).named("Maximum lookup result (bytes)")
            .describedAs("A larger lookup result is refused with 5.03 and a hint to use page and count. Keep it "
                    + "within the CoAP server's maximum resource body size.");
    public static final Setting<Integer> INTERFACES_REFRESH = Setting.integer("interfaces.refresh.seconds", 30)
            .range(1, 3600).named("Network interfaces refresh (s)")
            .describedAs("How often the directory rereads this host's network interfaces to tell which link a peer "
                    + "is on. A registration whose base is link-local (fe80::/10, 169.254.0.0/16) is shown only to "
                    + "lookups from the link it was registered on, without zone identifier (RFC 9176 sections 6.1 "
                    + "and 6.4); an explicit link-local base from a peer on none of the host's links is refused.");
    public static final Setting<Integer> PAYLOAD_MAX = Setting.integer("payload.max.bytes", 65_536)
            .range(64, 16_777_216).named("Maximum registration payload (characters)")
            .describedAs("Largest link-format payload accepted (4.13 above). Large registrations travel blockwise: "
                    + "keep the CoAP server's maximum resource body size at least this large.");
    public static final Setting<Integer> LINK_ATTRIBUTES_MAX = Setting.integer("link.attributes.max", 64)
            .range(1, 4096).named("Maximum attributes per link")
            .describedAs("Attributes on one registered link; more is refused with 4.13.");
    public static final Setting<Integer> LINK_ATTRIBUTE_LENGTH_MAX = Setting.integer("link.attribute.length.max", 1024)
            .range(16, 65_536).named("Maximum attribute length")
            .describedAs("Longest attribute name or value in a registered link; longer is refused with 4.13.");
    public static final Setting<Integer> LINK_TARGET_LENGTH_MAX = Setting.integer("link.target.length.max", 2048)
            .range(16, 65_536).named("Maximum link target length")
            .describedAs("Longest target URI of a registered link; longer is refused with 4.13.");
    public static final Setting<Boolean> SIMPLE_ENABLED = Setting.flag("simple.registration.enabled", true)
            .named("Simple registration")
            .describedAs("Serve /.well-known/rd: an endpoint POSTs with an empty payload and the directory fetches "
                    + "its /.well-known/core (RFC 9176 section 5.1).");
    public static final Setting<Integer> SIMPLE_TIMEOUT = Setting.integer("simple.registration.timeout.seconds", 10)
            .range(1, 300).named("Simple registration timeout (s)")
            .describedAs("How long the directory waits for the endpoint's /.well-known/core; then the registrant "
                    + "gets 5.03.");
    public static final Setting<Integer> SIMPLE_MAX = Setting.integer("simple.registration.max.bytes", 16_384)
            .range(64, 16_777_216).named("Simple registration maximum size (bytes)")
            .describedAs("Largest /.well-known/core document accepted from a simple registrant (4.13 above).");
    public static final Setting<String> PERSISTENCE_FILE = Setting.text("persistence.file", "").optional()
            .named("Registrations file")
            .describedAs("File where registrations are kept across restarts, with their remaining lifetimes. Empty: "
                    + "coaptree/rd/registrations.txt under Kura's data folder (kura.data), which survives reboots.");
    public static final Setting<Integer> PERSISTENCE_INTERVAL = Setting.integer("persistence.interval.seconds", 60)
            .range(0, 86_400).named("Save interval (s)")
            .describedAs("How often changed registrations are saved. 0 saves only when the directory stops.");
    public static final Setting<Boolean> LOCAL_ENABLED = Setting.flag("local.registration.enabled", true)
            .named("Register local resources")
            .describedAs("Register the resources published by this node's bundles in this directory, all in one "
                    + "registration that follows them as they come and go.");
    public static final Setting<String> LOCAL_ENDPOINT = Setting.text("local.endpoint.name", "gateway")
            .named("Local endpoint name")
            .describedAs("Endpoint name (ep) of the node's own registration; at most 63 bytes.");
    public static final Setting<String> LOCAL_BASE = Setting.text("local.base", "").optional()
            .named("Local base URI")
            .describedAs("Base URI of the node's own registration, e.g. coap://192.168.1.10:5683. Empty: a "
                    + "site-local address of this host and the CoAP server's port. A link-local address needs its "
                    + "interface as zone, e.g. coap://[fe80::1%25eth0]:5683: it is shown only to lookups from that "
                    + "link, without the zone.");
    public static final Setting<Integer> LOCAL_CHECK_INTERVAL = Setting.integer("local.registration.check.seconds", 5)
            .range(1, 3600).named("Local resources check interval (s)")
            .describedAs("How often the node's published resources are compared with its registration.");
    public static final Setting<Long> LOCAL_LIFETIME = Setting.longValue("local.registration.lifetime.seconds", 600)
            .range(1, RegistrationStoreOptions.RFC_MAX_LIFETIME_SECONDS).named("Local registration lifetime (s)")
            .describedAs("Lifetime of the node's own registration; refreshed before half of it has passed. More "
                    + "than twice the check interval, within the lifetime bounds.");

    public static final List<Setting<?>> ALL = List.of(DEFAULT_SECTOR, LOOKUP_ACCESS, LOOKUP_PAYLOAD_MAX,
            INTERFACES_REFRESH, PAYLOAD_MAX, LINK_ATTRIBUTES_MAX, LINK_ATTRIBUTE_LENGTH_MAX, LINK_TARGET_LENGTH_MAX,
            SIMPLE_ENABLED, SIMPLE_TIMEOUT, SIMPLE_MAX, PERSISTENCE_FILE, PERSISTENCE_INTERVAL, LOCAL_ENABLED,
            LOCAL_ENDPOINT, LOCAL_BASE, LOCAL_CHECK_INTERVAL, LOCAL_LIFETIME);

    /**
     * Every setting of the component, this class's and the store's, listed one by one because the WebUI shows the
     * default sector between the store's sweep interval and its authentication switch.
     */
    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "Resource Directory",
            "The gateway's CoRE Resource Directory (RFC 9176) on its CoAP server: /rd, /rd-lookup/ep, "
                    + "/rd-lookup/res and /.well-known/rd. Registrations are kept across restarts. Applying a change "
                    + "restarts the directory with its registrations; observers of lookups register again.",
            List.of(RegistrationStoreOptions.REGISTRATIONS_MAX, RegistrationStoreOptions.LINKS_MAX,
                    RegistrationStoreOptions.ATTRIBUTES_MAX, RegistrationStoreOptions.LIFETIME_MIN,
                    RegistrationStoreOptions.LIFETIME_MAX, RegistrationStoreOptions.LIFETIME_DEFAULT,
                    RegistrationStoreOptions.SWEEP_INTERVAL, DEFAULT_SECTOR,
                    RegistrationStoreOptions.REQUIRE_AUTHENTICATION, LOOKUP_ACCESS, LOOKUP_PAYLOAD_MAX,
                    INTERFACES_REFRESH, PAYLOAD_MAX, LINK_ATTRIBUTES_MAX, LINK_ATTRIBUTE_LENGTH_MAX,
                    LINK_TARGET_LENGTH_MAX, SIMPLE_ENABLED, SIMPLE_TIMEOUT, SIMPLE_MAX, PERSISTENCE_FILE,
                    PERSISTENCE_INTERVAL, LOCAL_ENABLED, LOCAL_ENDPOINT, LOCAL_BASE, LOCAL_CHECK_INTERVAL,
                    LOCAL_LIFETIME));

    private static final DirectoryOptions DEFAULTS = fromProperties(Map.of());

    public DirectoryOptions {
        requireName(DEFAULT_SECTOR, defaultSector, true);
        LOOKUP_PAYLOAD_MAX.check(lookupPayloadMaxBytes);
        INTERFACES_REFRESH.check(interfacesRefreshSeconds);
        PAYLOAD_MAX.check(payloadMaxBytes);
        LINK_ATTRIBUTES_MAX.check(linkAttributesMax);
        LINK_ATTRIBUTE_LENGTH_MAX.check(linkAttributeLengthMax);
        LINK_TARGET_LENGTH_MAX.check(linkTargetLengthMax);
        SIMPLE_TIMEOUT.check(simpleRegistrationTimeoutSeconds);
        SIMPLE_MAX.check(simpleRegistrationMaxBytes);
        PERSISTENCE_INTERVAL.check(persistenceIntervalSeconds);
        requireName(LOCAL_ENDPOINT, localEndpointName, false);
        if (!localBase.isEmpty() && (localBase.indexOf("://") <= 0 || localBase.indexOf(' ') >= 0)) {
            throw new InvalidPropertyException(LOCAL_BASE.id(),
                    "'" + localBase + "' is not an absolute URI such as coap://192.168.1.10:5683");
        }
        LOCAL_CHECK_INTERVAL.check(localCheckIntervalSeconds);
        LOCAL_LIFETIME.check(localLifetimeSeconds);
        if (localLifetimeSeconds < store.minLifetimeSeconds() || localLifetimeSeconds > store.maxLifetimeSeconds()) {
            throw new InvalidPropertyException(LOCAL_LIFETIME.id(), localLifetimeSeconds + " is outside "
                    + store.minLifetimeSeconds() + ".." + store.maxLifetimeSeconds() + " ("
                    + RegistrationStoreOptions.LIFETIME_MIN + ".." + RegistrationStoreOptions.LIFETIME_MAX + ")");
        }
        if (localLifetimeSeconds <= 2L * localCheckIntervalSeconds) {
            throw new InvalidPropertyException(LOCAL_LIFETIME.id(), localLifetimeSeconds + " must be more than twice "
                    + LOCAL_CHECK_INTERVAL + " (" + localCheckIntervalSeconds + "), or it lapses between checks");
        }
    }

    /** @return every setting at its default */
    public static DirectoryOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads the options from component properties as Kura delivers them; missing properties take their default,
     * texts are trimmed.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static DirectoryOptions fromProperties(Map<String, ?> properties) {
        return new DirectoryOptions(RegistrationStoreOptions.fromProperties(properties),
                DEFAULT_SECTOR.from(properties).trim(), LOOKUP_ACCESS.from(properties),
                LOOKUP_PAYLOAD_MAX.from(properties), INTERFACES_REFRESH.from(properties), PAYLOAD_MAX.from(properties),
                LINK_ATTRIBUTES_MAX.from(properties), LINK_ATTRIBUTE_LENGTH_MAX.from(properties),
                LINK_TARGET_LENGTH_MAX.from(properties), SIMPLE_ENABLED.from(properties),
                SIMPLE_TIMEOUT.from(properties), SIMPLE_MAX.from(properties), PERSISTENCE_FILE.from(properties).trim(),
                PERSISTENCE_INTERVAL.from(properties), LOCAL_ENABLED.from(properties),
                LOCAL_ENDPOINT.from(properties).trim(), LOCAL_BASE.from(properties).trim(),
                LOCAL_CHECK_INTERVAL.from(properties), LOCAL_LIFETIME.from(properties));
    }

    /**
     * Bounds on a registration payload (and on a fetched /.well-known/core): size, links, attributes, lengths. The
     * parser needs room for one link at least; {@code registration.links.max} 0 is enforced by the store.
     */
    public LinkFormatLimits payloadLimits() {
        return LinkFormatLimits.builder().maxPayloadChars(payloadMaxBytes)
                .maxLinks(Math.max(1, store.maxLinksPerRegistration())).maxAttributesPerLink(linkAttributesMax)
                .maxAttributeLength(linkAttributeLengthMax).maxTargetLength(linkTargetLengthMax).build();
    }

    /**
     * How often the host's network interfaces are reread to tell which link a peer is on, for registrations with a
     * link-local base (RFC 9176 sections 5, 6.1 and 6.4).
     */
    public Duration interfacesRefreshInterval() {
        return Duration.ofSeconds(interfacesRefreshSeconds);
    }

    public Duration simpleRegistrationTimeout() {
        return Duration.ofSeconds(simpleRegistrationTimeoutSeconds);
    }

    public Duration persistenceInterval() {
        return Duration.ofSeconds(persistenceIntervalSeconds);
    }

    public Duration localCheckInterval() {
        return Duration.ofSeconds(localCheckIntervalSeconds);
    }

    private static void requireName(Setting<String> setting, String value, boolean mayBeEmpty) {
        if (value.isEmpty()) {
            if (!mayBeEmpty) {
                throw new InvalidPropertyException(setting.id(), "must not be empty");
            }
            return;
        }
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > RegistrationStoreOptions.RFC_MAX_NAME_BYTES) {
            throw new InvalidPropertyException(setting.id(), "'" + value + "' is " + bytes
                    + " bytes of UTF-8, more than " + RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new InvalidPropertyException(setting.id(), "must not contain control characters");
            }
        }
    }
}
