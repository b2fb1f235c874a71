package io.coaptree.http.servlet;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open event streams of this gateway, bounded: a stream is admitted only below the limit, so Observe relations
 * opened from HTTP cannot grow without bound. Also where the component's timer sends the keep-alives and where the
 * component closes every stream when it stops.
 */
final class EventStreams {

    private final int max;
    private final AtomicInteger admitted = new AtomicInteger();
    private final Set<EventStream> open = ConcurrentHashMap.newKeySet();

    EventStreams(int max) {
        this.max = max;
    }

    /** @return whether one more stream may open; if so the caller must {@link #add} it or {@link #release()} */
    boolean admit() {
        if (admitted.incrementAndGet() > max) {
            admitted.decrementAndGet();
            return false;
        }
        return true;
    }

    void add(EventStream stream) {
        open.add(stream);
    }

    /** Called once per admitted stream when it closes. */
    void release(EventStream stream) {
        if (stream == null || open.remove(stream)) {
            admitted.decrementAndGet();
        }
    }

    int size() {
        return open.size();
    }

    void keepAlive() {
        open.forEach(EventStream::keepAlive);
    }

    void closeAll() {
        open.forEach(EventStream::close);
    }
}
