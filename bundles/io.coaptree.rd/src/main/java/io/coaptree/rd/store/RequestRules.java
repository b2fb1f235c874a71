package io.coaptree.rd.store;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.UriReference;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.StoreResult.Outcome;

/**
 * What a request must satisfy before the store acts on it, whoever sends it (a CoAP client, the gateway itself, RD
 * synchronisation): the directory's limits on names, lifetimes, bases, links and attributes, the need for an
 * authenticated identity ({@code requireIdentity}), and RFC 9176's First-Come-First-Remembered rule (section 7.1:
 * only the identity that first registered an endpoint may change or remove it). Every check answers with a failed
 * {@link StoreResult} carrying a diagnostic fit for a response payload, or null when the request passes.
 * <p>
 * The store asks these rules and only then takes its lock; the rules keep no state and read no clock.
 */
public final class RequestRules {

    private final RegistrationStoreOptions options;

    public RequestRules(RegistrationStoreOptions options) {
        this.options = options;
    }

    /** A registration's own values, with {@code sector} the one it will be stored under ("" for none). */
    StoreResult checkRegistration(RegistrationRequest request, String sector) {
        StoreResult refusal = checkIdentity(request.identity().orElse(null));
        if (refusal == null) {
            refusal = checkName("ep", request.endpointName(), RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        }
        if (refusal == null && (request.sector().isPresent() || !sector.isEmpty())) {
            refusal = checkName("d", sector, RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        }
        if (refusal == null && request.lifetimeSeconds().isPresent()) {
            refusal = checkLifetime(request.lifetimeSeconds().getAsLong());
        }
        if (refusal == null) {
            if (request.base().isPresent()) {
                refusal = checkBase("base", request.base().get());
            } else if (request.sourceAddress().isPresent()) {
                refusal = checkBase("source address", request.sourceAddress().get());
            } else {
                refusal = StoreResult.failure(Outcome.BAD_REQUEST,
                        "registration has neither a base nor a source address to resolve its links against");
            }
        }
        if (refusal == null && request.extraAttributes().size() > options.maxExtraAttributes()) {
            refusal = tooManyExtras(request.extraAttributes().size());
        }
        if (refusal == null) {
            refusal = checkLinks(request.links());
        }
        return refusal;
    }

    /** An update's own values; the extra attributes are checked once merged with the stored ones. */
    StoreResult checkUpdate(UpdateRequest request) {
        StoreResult refusal = checkIdentity(request.identity().orElse(null));
        if (refusal == null && request.lifetimeSeconds().isPresent()) {
            refusal = checkLifetime(request.lifetimeSeconds().getAsLong());
        }
        if (refusal == null && request.base().isPresent()) {
            refusal = checkBase("base", request.base().get());
        }
        if (refusal == null && request.sourceAddress().isPresent()) {
            refusal = checkBase("source address", request.sourceAddress().get());
        }
        if (refusal == null && request.links().isPresent()) {
            refusal = checkLinks(request.links().get());
        }
        return refusal;
    }

    /** The checks a persisted registration must still pass under the current options. */
    StoreResult checkStored(Registration saved) {
        StoreResult refusal = checkName("ep", saved.endpointName(), RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        if (refusal == null && saved.sector().isPresent()) {
            refusal = checkName("d", saved.sector().get(), RegistrationStoreOptions.RFC_MAX_NAME_BYTES);
        }
        if (refusal == null) {
            refusal = checkLifetime(saved.lifetimeSeconds());
        }
        if (refusal == null) {
            refusal = checkBase("base", saved.base());
        }
        if (refusal == null && saved.extraAttributes().size() > options.maxExtraAttributes()) {
            refusal = tooManyExtras(saved.extraAttributes().size());
        }
        return refusal == null ? checkLinks(saved.links()) : refusal;
    }

    /**
     * Refuses an unauthenticated requester (null identity) when the directory requires authentication; checked
     * first by every write, so such a requester learns nothing else about the directory.
     */
    public StoreResult checkIdentity(String identity) {
        if (identity == null && options.requireIdentity()) {
            return StoreResult.failure(Outcome.UNAUTHENTICATED, "this directory accepts registrations only over an "
                    + "authenticated (DTLS) connection");
        }
        return null;
    }

    /**
     * First-Come-First-Remembered: a registration made without identity is anyone's; one made with an identity is
     * changed or removed only by that identity. Null when {@code identity} may modify {@code registration}.
     */
    StoreResult checkOwner(Registration registration, String identity) {
        if (registration.identity().isEmpty() || registration.identity().get().equals(identity)) {
            return null;
        }
        return StoreResult.failure(Outcome.FORBIDDEN, "endpoint '" + registration.endpointName()
                + "' is registered by another identity");
    }

    /** Extra attributes of a registration as they would be stored, after an update merged its own in. */
    StoreResult checkExtras(List<?> extras) {
        return extras.size() > options.maxExtraAttributes() ? tooManyExtras(extras.size()) : null;
    }

    private static StoreResult checkName(String parameter, String value, int maxBytes) {
        if (value.isEmpty()) {
            return StoreResult.failure(Outcome.BAD_REQUEST, parameter + " must not be empty");
        }
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > maxBytes) {
            return StoreResult.failure(Outcome.BAD_REQUEST,
                    parameter + " is " + bytes + " bytes of UTF-8, more than the " + maxBytes + " allowed");
        }
        if (hasControlCharacter(value)) {
            return StoreResult.failure(Outcome.BAD_REQUEST, parameter + " must not contain control characters");
        }
        return null;
    }

    private StoreResult checkLifetime(long lifetime) {
        if (lifetime < options.minLifetimeSeconds() || lifetime > options.maxLifetimeSeconds()) {
            return StoreResult.failure(Outcome.BAD_REQUEST, "lt " + lifetime + " is outside the accepted range "
                    + options.minLifetimeSeconds() + ".." + options.maxLifetimeSeconds() + " seconds");
        }
        return null;
    }

    private static StoreResult checkBase(String what, String base) {
        if (!UriReference.isAbsolute(base) || !Link.isValidTarget(base)) {
            return StoreResult.failure(Outcome.BAD_REQUEST,
                    what + " '" + base + "' must be an absolute URI without whitespace, such as coap://host:port");
        }
        return null;
    }

    private StoreResult checkLinks(List<Link> links) {
        if (links.size() > options.maxLinksPerRegistration()) {
            return StoreResult.failure(Outcome.TOO_LARGE, "registration has " + links.size()
                    + " links, more than maxLinksPerRegistration " + options.maxLinksPerRegistration());
        }
        return null;
    }

    private StoreResult tooManyExtras(int count) {
        return StoreResult.failure(Outcome.TOO_LARGE, "registration has " + count
                + " extra attributes, more than maxExtraAttributes " + options.maxExtraAttributes());
    }

    /** Whether a name or sector holds a control character, which no RD parameter may carry. */
    private static boolean hasControlCharacter(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
