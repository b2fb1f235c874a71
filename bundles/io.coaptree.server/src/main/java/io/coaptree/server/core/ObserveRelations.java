package io.coaptree.server.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.eclipse.californium.core.observe.ObserveRelation;
import org.eclipse.californium.core.server.resources.Resource;
import org.eclipse.californium.core.server.resources.ResourceObserver;

/**
 * The observe relations the server's resources hold, followed through Californium's resource observers from the
 * root down (resources added later included), so that the relations made through one endpoint can be ended when
 * that endpoint goes away. Californium keeps them otherwise: a resource would go on handling notifications for
 * peers no endpoint can reach, and its filtered clear ends the other relations too.
 */
final class ObserveRelations implements ResourceObserver {

    /** How long cancelling waits for the exchanges' executors before it cancels the rest itself. */
    static final long CANCEL_WAIT_MILLIS = 2_000;

    private final Set<ObserveRelation> relations = ConcurrentHashMap.newKeySet();
    private final Consumer<ObserveRelation> onRemoved;

    /** @param onRemoved told of every relation that ends (the capacity it held is given back) */
    ObserveRelations(Consumer<ObserveRelation> onRemoved) {
        this.onRemoved = onRemoved;
    }

    /** Follows {@code resource} and everything below it. */
    void follow(Resource resource) {
        resource.addObserver(this);
        for (Resource child : resource.getChildren()) {
            follow(child);
        }
    }

    /**
     * Cancels the relations {@code madeThrough} selects and returns once they are cancelled: each in its exchange's
     * own executor as Californium wants; one that executor does not run within {@link #CANCEL_WAIT_MILLIS} (it
     * refused the task, or is stuck) is cancelled from here.
     */
    void cancel(Predicate<ObserveRelation> madeThrough) throws InterruptedException {
        List<ObserveRelation> selected = new ArrayList<>();
        for (ObserveRelation relation : relations) {
            if (madeThrough.test(relation)) {
                selected.add(relation);
            }
        }
        CountDownLatch cancelled = new CountDownLatch(selected.size());
        for (ObserveRelation relation : selected) {
            relation.getExchange().execute(() -> {
                try {
                    cancelOnce(relation);
                } finally {
                    cancelled.countDown();
                }
            });
        }
        if (!cancelled.await(CANCEL_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
            selected.forEach(ObserveRelations::cancelOnce);
        }
    }

    private static void cancelOnce(ObserveRelation relation) {
        if (!relation.isCanceled()) {
            relation.cancel();
        }
    }

    @Override
    public void addedChild(Resource child) {
        follow(child);
    }

    @Override
    public void removedChild(Resource child) {
        unfollow(child);
    }

    private void unfollow(Resource resource) {
        resource.removeObserver(this);
        for (Resource child : resource.getChildren()) {
            unfollow(child);
        }
    }

    @Override
    public void addedObserveRelation(ObserveRelation relation) {
        relations.add(relation);
    }

    @Override
    public void removedObserveRelation(ObserveRelation relation) {
        relations.remove(relation);
        onRemoved.accept(relation);
    }

    @Override
    public void changedName(String old) {
        // the relations stay with the resource
    }

    @Override
    public void changedPath(String old) {
        // as above
    }
}
