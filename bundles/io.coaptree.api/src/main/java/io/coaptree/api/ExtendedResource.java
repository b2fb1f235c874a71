package io.coaptree.api;

import java.util.Objects;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.Exchange;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A Californium {@link CoapResource} with CoRE link attributes (RFC 6690) and the domain and group of the node it
 * belongs to. Subclass it, override the {@code handleXXX} methods, and publish it with
 * {@link CoAPServer#addResource(ExtendedResource, Class)} or by registering it as an OSGi service.
 *
 * <p>
 * Attributes appear in {@code /.well-known/core} and can be used as query filters there, for example
 * {@code GET /.well-known/core?rt=temp}.
 *
 * <p>
 * Domain and group are carried as the link attributes {@value #DOMAIN_ATTRIBUTE} and {@value #GROUP_ATTRIBUTE}.
 * {@code d} is the attribute RFC 9176 (Resource Directory) uses for a sector, and the hierarchy's domains are RD
 * sectors; {@code gp} is the group attribute of the earlier RD drafts. Empty values are not listed.
 *
 * <p>
 * An observable subclass calls {@link #changed()} when its state changes; its observers then always end with the
 * newest state, however quickly changes follow each other (see {@link #handleRequest(Exchange)}).
 */
@ConsumerType
public class ExtendedResource extends CoapResource {

    /** Link attribute holding the node's domain. */
    public static final String DOMAIN_ATTRIBUTE = "d";

    /** Link attribute holding the node's group. */
    public static final String GROUP_ATTRIBUTE = "gp";

    /**
     * Link attribute holding the delivery class the resource's answers cross the tree in: {@value #URGENT} (ahead of
     * queued normal traffic at every hop, never batched) or {@value #NORMAL}. Lookups can filter on it
     * ({@code ?dc=urgent}). Absent: the gateway's default ({@code delivery.default.class}).
     */
    public static final String DELIVERY_CLASS_ATTRIBUTE = "dc";

    /** Link attribute listing the other classes a request may ask for with {@code dc=<class>} in its query. */
    public static final String REQUESTABLE_CLASSES_ATTRIBUTE = "dcr";

    public static final String URGENT = "urgent";
    public static final String NORMAL = "normal";

    private String domain = "";
    private String group = "";
    private boolean followsNode;

    /**
     * @param name the resource's name, its path segment; must not be empty or contain {@code /}
     */
    public ExtendedResource(String name) {
        super(name);
    }

    /**
     * @param name the resource's name, its path segment
     * @param visible whether it is listed in {@code /.well-known/core}
     */
    public ExtendedResource(String name, boolean visible) {
        super(name, visible);
    }

    /**
     * Adds a value to a link attribute. Several values for one name are allowed ({@code rt="a b"} style attributes
     * are listed once per value by Californium).
     *
     * @return this resource, to chain calls
     */
    public ExtendedResource addAttribute(String name, String value) {
        getAttributes().addAttribute(requireAttributeName(name), Objects.requireNonNull(value, "value"));
        return this;
    }

    /**
     * Adds a link attribute without value (a flag, such as {@code obs}).
     *
     * @return this resource, to chain calls
     */
    public ExtendedResource addAttribute(String name) {
        getAttributes().addAttribute(requireAttributeName(name));
        return this;
    }

    /** Replaces every value of a link attribute with one value. */
    public ExtendedResource setAttribute(String name, String value) {
        getAttributes().setAttribute(requireAttributeName(name), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Removes a link attribute and all its values. */
    public void removeAttribute(String name) {
        getAttributes().clearAttribute(name);
    }

    /** @return the first value of a link attribute, or {@code null} */
    public String getAttribute(String name) {
        return getAttributes().getFirstAttributeValue(name);
    }

    /**
     * Declares the delivery class of this resource's answers, and which other classes a request may ask for
     * (the owner's allowance: a request asking for another class gets the declared one).
     *
     * @param deliveryClass {@value #URGENT} or {@value #NORMAL}
     * @param requestable classes a request may ask for instead, each {@value #URGENT} or {@value #NORMAL}
     * @return this resource, to chain calls
     */
    public ExtendedResource setDeliveryClass(String deliveryClass, String... requestable) {
        setAttribute(DELIVERY_CLASS_ATTRIBUTE, requireDeliveryClass(deliveryClass));
        removeAttribute(REQUESTABLE_CLASSES_ATTRIBUTE);
        for (String c : requestable) {
            if (!requireDeliveryClass(c).equals(deliveryClass)) {
                addAttribute(REQUESTABLE_CLASSES_ATTRIBUTE, c);
            }
        }
        return this;
    }

    /** @return the declared delivery class, or {@code null} if the resource declares none */
    public String getDeliveryClass() {
        return getAttribute(DELIVERY_CLASS_ATTRIBUTE);
    }

    /**
     * The class an answer to a request travels in: what the request asked for if the owner allows it, else the
     * declared class; {@code null} when neither names one (the gateway's default applies).
     *
     * @param asked the class the request asked for, or {@code null}
     */
    public String deliveryClassFor(String asked) {
        String declared = getDeliveryClass();
        if (asked == null || asked.equals(declared)) {
            return declared;
        }
        if (declared == null || getAttributes().getAttributeValues(REQUESTABLE_CLASSES_ATTRIBUTE).contains(asked)) {
            return asked;
        }
        return declared;
    }

    /**
     * Gives an answer within an Observe relation its sequence number before the handler reads the state it answers
     * with. Left to Californium, the number is taken only when the answer reaches the protocol layer, later and on
     * another thread: after two quick changes both notifications could carry the same number, and the client, which
     * keeps only a notification newer than the last (RFC 7641, section 4.4), would drop the second, the one with the
     * newest state. Taken first, a number is never newer than the state sent with it, so the highest number an
     * observer receives carries the newest state.
     */
    @Override
    public void handleRequest(Exchange exchange) {
        Request request = exchange.getRequest();
        if (exchange.getRelation() != null && request.getCode() == Code.GET && request.isObserve()) {
            handleGET(new NumberedExchange(exchange, getNotificationSequenceNumber()));
            return;
        }
        super.handleRequest(exchange);
    }

    /** An exchange whose successful answer carries the Observe number taken when the request was handed over. */
    private static final class NumberedExchange extends CoapExchange {

        private final int observeNumber;

        NumberedExchange(Exchange exchange, int observeNumber) {
            super(exchange);
            this.observeNumber = observeNumber;
        }

        @Override
        public void respond(Response response) {
            if (response.isSuccess() && !response.getOptions().hasObserve()) {
                response.getOptions().setObserve(observeNumber);
            }
            super.respond(response);
        }
    }

    private static String requireDeliveryClass(String value) {
        if (!URGENT.equals(value) && !NORMAL.equals(value)) {
            throw new IllegalArgumentException("delivery class '" + value + "' is not " + URGENT + " or " + NORMAL);
        }
        return value;
    }

    /** @return the domain this resource is published in, empty if none */
    public synchronized String getDomain() {
        return domain;
    }

    /** @return the group this resource is published in, empty if none */
    public synchronized String getGroup() {
        return group;
    }

    /**
     * Sets the domain and group explicitly, and the {@value #DOMAIN_ATTRIBUTE} / {@value #GROUP_ATTRIBUTE}
     * attributes with them. The resource no longer follows the node's configuration.
     *
     * @param domain the domain, {@code null} or empty for none
     * @param group the group, {@code null} or empty for none
     */
    public synchronized void setDomainAndGroup(String domain, String group) {
        followsNode = false;
        apply(domain, group);
    }

    /**
     * Takes the node's domain and group from the server (a resource calls {@code updateDomainAndGroup(cs)} in
     * {@code activate}). From then on the server refreshes them when the node's configuration changes.
     *
     * @param server the node's CoAP server
     */
    public synchronized void updateDomainAndGroup(CoAPServer server) {
        Objects.requireNonNull(server, "server");
        apply(server.getDomain(), server.getGroup());
        followsNode = true;
    }

    /** @return {@code true} once {@link #updateDomainAndGroup(CoAPServer)} was called (and not overridden) */
    public synchronized boolean followsNodeDomainAndGroup() {
        return followsNode;
    }

    private void apply(String newDomain, String newGroup) {
        domain = newDomain == null ? "" : newDomain;
        group = newGroup == null ? "" : newGroup;
        replaceAttribute(DOMAIN_ATTRIBUTE, domain);
        replaceAttribute(GROUP_ATTRIBUTE, group);
    }

    private void replaceAttribute(String name, String value) {
        getAttributes().clearAttribute(name);
        if (!value.isEmpty()) {
            getAttributes().setAttribute(name, value);
        }
    }

    private static String requireAttributeName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("attribute name must not be empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            // RFC 6690 link-extension names are tokens: no separators, no whitespace
            if (c <= ' ' || c >= 0x7f || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("attribute name '" + name + "' contains '" + c + "'");
            }
        }
        return name;
    }
}
