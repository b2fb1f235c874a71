package io.coaptree.driver.calls;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Requests to the gateway's own CoAP server, as the driver instance's identity: the server answers its own
 * resources and carries {@code /tree/...} requests through the tree to the owning gateway, the identity with them.
 */
public interface CoapPort {

    /** The methods the driver uses. */
    enum Method {
        GET, PUT, POST
    }

    /**
     * A request under way.
     *
     * @param answer completes with the answer, exceptionally if the server cannot run requests
     * @param cancel gives the request up (its answer, if it comes, is dropped)
     */
    record Call(CompletableFuture<CoapAnswer> answer, Runnable cancel) {
    }

    /**
     * @param method the method
     * @param pathAndQuery a path on the server, {@code /}-separated, with an optional {@code ?query}
     * @param accept the Content-Format asked for, -1 for none
     * @param contentFormat the payload's Content-Format, -1 for none
     * @param payload the payload, empty for none
     * @return the call
     */
    Call call(Method method, String pathAndQuery, int accept, int contentFormat, byte[] payload);

    /**
     * Registers an Observe relation (RFC 7641). Every answer is reported, the first included, in order; an answer
     * that is not a notification ({@link CoapAnswer#notification()} false) ends the relation.
     *
     * @param pathAndQuery as for {@link #call}
     * @param accept the Content-Format asked for, -1 for none
     * @param answers receives the answers; a failure to run the request arrives as an answer with code 5.03
     * @return cancels the relation (deregisters it, also across the tree)
     */
    Runnable observe(String pathAndQuery, int accept, Consumer<CoapAnswer> answers);
}
