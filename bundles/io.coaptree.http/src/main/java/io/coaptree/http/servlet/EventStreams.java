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
    private final int anonymousMax;
    private final AtomicInteger admitted = new AtomicInteger();
    private final AtomicInteger anonymous = new AtomicInteger();
    private final Set<EventStream> open = ConcurrentHashMap.newKeySet();
    private final Set<EventStream> openAnonymous = ConcurrentHashMap.newKeySet();

    /**
     * @param max streams open at once; callers without credentials hold at most half of them (rounded up, so that a
     *            gateway allowing one stream still shows its page to anyone), so that they cannot keep an operator from
     *            opening one (their relations are bounded by the CoAP server's capacity by class)
     */
    EventStreams(int max) {
        this.max = max;
        this.anonymousMax = (max + 1) / 2;
    }

    /**
     * @param fromAnonymous whether the caller has no credentials
     * @return whether one more stream may open; if so the caller must {@link #add} it or {@link #release}
     */
    boolean admit(boolean fromAnonymous) {
        if (fromAnonymous && anonymous.incrementAndGet() > anonymousMax) {
            anonymous.decrementAndGet();
            return false;
        }
        if (admitted.incrementAndGet() > max) {
            admitted.decrementAndGet();
            if (fromAnonymous) {
                anonymous.decrementAndGet();
            }
            return false;
        }
        return true;
    }

    /** @return the most streams anonymous callers may hold together */
    int anonymousMax() {
        return anonymousMax;
    }

    void add(EventStream stream, boolean fromAnonymous) {
        open.add(stream);
        if (fromAnonymous) {
            openAnonymous.add(stream);
        }
    }

    /** Called once per admitted stream when it closes ({@code null}: admitted, never added). */
    void release(EventStream stream, boolean fromAnonymous) {
        if (stream == null || open.remove(stream)) {
            admitted.decrementAndGet();
            if (fromAnonymous && (stream == null || openAnonymous.remove(stream))) {
                anonymous.decrementAndGet();
            }
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
