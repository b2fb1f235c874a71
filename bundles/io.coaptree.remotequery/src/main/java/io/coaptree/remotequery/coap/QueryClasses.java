package io.coaptree.remotequery.coap;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.californium.core.coap.Request;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.codec.CoapEnvelope;

/**
 * The delivery class of remote queries (the tree's {@code urgent} and {@code normal}). At the entry gateway a
 * request to {@code /tree/...} may ask for a class with {@code dc=<class>} in its query (taken out before the
 * request goes on); without it the request takes this gateway's {@code delivery.default.class}. At the owner the
 * answers travel in the class the resource declares ({@link ExtendedResource#DELIVERY_CLASS_ATTRIBUTE}), or the one
 * the request asked for where the resource allows it ({@link ExtendedResource#deliveryClassFor}); with neither,
 * in the owner's default.
 */
public final class QueryClasses {

    /** The query parameter a request asks for a class with. */
    public static final String QUERY_PARAMETER = ExtendedResource.DELIVERY_CLASS_ATTRIBUTE;

    private final boolean urgentByDefault;
    private final Function<String, Optional<ExtendedResource>> resources;

    /**
     * @param resources the gateway's resource at an envelope's path (no leading slash), if it is an
     *            {@link ExtendedResource}
     */
    public QueryClasses(boolean urgentByDefault, Function<String, Optional<ExtendedResource>> resources) {
        this.urgentByDefault = urgentByDefault;
        this.resources = Objects.requireNonNull(resources, "resources");
    }

    /** The classes on a gateway's CoAP server. */
    public static QueryClasses of(CoAPServer server, boolean urgentByDefault) {
        return new QueryClasses(urgentByDefault, path -> server.getResources().stream()
                .filter(r -> r.getURI().equals("/" + path)).findFirst());
    }

    /** Everything normal, no resource declares a class. */
    public static QueryClasses allNormal() {
        return new QueryClasses(false, path -> Optional.empty());
    }

    /**
     * Takes {@code dc=<class>} out of the request's query.
     *
     * @return the class asked for, or null
     * @throws IllegalArgumentException naming the parameter if its value is not a class
     */
    public static String takeAsked(Request request) {
        String asked = null;
        List<String> rest = new ArrayList<>();
        for (String argument : request.getOptions().getUriQuery()) {
            if (argument.startsWith(QUERY_PARAMETER + "=")) {
                asked = argument.substring(QUERY_PARAMETER.length() + 1);
                if (!ExtendedResource.URGENT.equals(asked) && !ExtendedResource.NORMAL.equals(asked)) {
                    throw new IllegalArgumentException(QUERY_PARAMETER + ": '" + asked + "' is not "
                            + ExtendedResource.URGENT + " or " + ExtendedResource.NORMAL);
                }
            } else {
                rest.add(argument);
            }
        }
        if (asked != null) {
            request.getOptions().clearUriQuery();
            rest.forEach(request.getOptions()::addUriQuery);
        }
        return asked;
    }

    /** The request as it enters the tree: in the class asked for, or this gateway's default. */
    public CoapEnvelope entering(CoapEnvelope request, String asked) {
        boolean urgent = asked == null ? urgentByDefault : ExtendedResource.URGENT.equals(asked);
        return request.toBuilder().urgent(urgent).classAsked(asked != null).build();
    }

    /** Whether the owner's answers to {@code request} travel as urgent. */
    public boolean urgentAnswers(CoapEnvelope request) {
        String asked = !request.classAsked() ? null
                : request.urgent() ? ExtendedResource.URGENT : ExtendedResource.NORMAL;
        String answered = resources.apply(request.path()).map(r -> r.deliveryClassFor(asked)).orElse(asked);
        return answered == null ? urgentByDefault : ExtendedResource.URGENT.equals(answered);
    }
}
