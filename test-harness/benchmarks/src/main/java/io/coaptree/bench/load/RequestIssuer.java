package io.coaptree.bench.load;

/**
 * The protocol side of a load run: sends one request for a client and reports how it ended.
 * The {@link LoadEngine} owns pacing, timeouts and measurement; an issuer only knows its protocol
 * (CoAP now, MQTT later). Implementations must be safe to call from several threads.
 */
public interface RequestIssuer extends AutoCloseable {

    /** How many independent clients this issuer holds; the engine uses client numbers 0..clients()-1. */
    int clients();

    /**
     * Starts one request from {@code client} without blocking, and later calls exactly one of
     * {@link Outcome#succeeded()} or {@link Outcome#failed(String)} (extra calls are ignored).
     *
     * @return how to abandon the request when the engine gives up on it (timeout)
     */
    Cancellable issue(int client, Outcome outcome);

    @Override
    void close();

    /** How a request ended. */
    interface Outcome {
        void succeeded();

        /** @param reason a short, low-cardinality label such as "coap 4.04" or "send error" (errors are counted per label) */
        void failed(String reason);
    }

    interface Cancellable {
        Cancellable NONE = () -> { };

        void cancel();
    }
}
