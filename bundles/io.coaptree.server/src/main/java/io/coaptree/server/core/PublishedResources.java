package io.coaptree.server.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.server.resources.Resource;

import io.coaptree.api.ExtendedResource;

/**
 * The resources published by bundles, placed in a Californium resource tree. Parents that a path needs and that do
 * not exist are created invisible (not listed in {@code /.well-known/core}) and removed with their last child.
 * Existing resources of the tree, such as {@code .well-known}, can serve as parents but are never removed.
 *
 * <p>
 * Californium replaces a child silently when another one with the same name is added; this class refuses instead.
 */
public final class PublishedResources {

    /** Where a resource was published: its parent path segments, for idempotent re-publishing. */
    private record Placement(List<String> parentPath, Class<?> type) {
    }

    private final Resource root;
    private final Map<ExtendedResource, Placement> published = new LinkedHashMap<>();
    private final Set<Resource> createdParents = Collections.newSetFromMap(new IdentityHashMap<>());

    public PublishedResources(Resource root) {
        this.root = root;
    }

    /**
     * @return {@code true} if the resource is now published at {@code /parentPath/name} (also when it already was),
     *         {@code false} if the path is taken by another resource or this resource is published elsewhere
     * @throws IllegalArgumentException for an invalid name or path, or a resource not of {@code type}
     */
    public synchronized boolean publish(ExtendedResource resource, Class<?> type, String parentPath) {
        if (resource == null || type == null) {
            throw new IllegalArgumentException("resource and type are required");
        }
        if (!type.isInstance(resource)) {
            throw new IllegalArgumentException(resource.getClass().getName() + " is not a " + type.getName());
        }
        ResourcePath.requireName(resource.getName());
        List<String> segments = ResourcePath.segments(parentPath);
        Placement existing = published.get(resource);
        if (existing != null) {
            return existing.parentPath().equals(segments);
        }
        Resource parent = root;
        List<Resource> createdNow = new ArrayList<>();
        for (String segment : segments) {
            Resource child = parent.getChild(segment);
            if (child == null) {
                child = new CoapResource(segment, false);
                parent.add(child);
                createdParents.add(child);
                createdNow.add(child);
            }
            parent = child;
        }
        Resource occupant = parent.getChild(resource.getName());
        if (occupant != null && !createdParents.contains(occupant)) {
            pruneEmptyParents(createdNow.isEmpty() ? null : createdNow.get(createdNow.size() - 1));
            return false;
        }
        parent.add(resource);
        if (occupant != null) {
            // an invisible parent created for resources below this path: the real resource takes its place
            createdParents.remove(occupant);
            for (Resource child : new ArrayList<>(occupant.getChildren())) {
                resource.add(child);
            }
        }
        published.put(resource, new Placement(List.copyOf(segments), type));
        return true;
    }

    /**
     * Removes a published resource; its observers get 4.04. Resources published below it stay reachable: an
     * invisible placeholder takes its place.
     *
     * @return {@code true} if it was published
     */
    public synchronized boolean withdraw(ExtendedResource resource) {
        if (published.remove(resource) == null) {
            return false;
        }
        Resource parent = resource.getParent();
        List<Resource> children = new ArrayList<>(resource.getChildren());
        resource.delete();
        if (parent == null) {
            return true;
        }
        if (!children.isEmpty()) {
            CoapResource placeholder = new CoapResource(resource.getName(), false);
            for (Resource child : children) {
                placeholder.add(child);
            }
            parent.add(placeholder);
            createdParents.add(placeholder);
        } else {
            pruneEmptyParents(parent);
        }
        return true;
    }

    /**
     * @param path segments separated by {@code /}
     * @return the resource of the tree at {@code path} as a request's Uri-Path finds it (published here or not, such as
     *         {@code .well-known/core}), or {@code null} if there is none or the path is malformed
     */
    public Resource find(String path) {
        List<String> segments;
        try {
            segments = ResourcePath.segments(path);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
        Resource current = root;
        for (int i = 0; i < segments.size() && current != null; i++) {
            current = current.getChild(segments.get(i));
        }
        return current;
    }

    /** @return the published resources in publication order */
    public synchronized List<ExtendedResource> resources() {
        return List.copyOf(published.keySet());
    }

    /** Withdraws everything, as when the server goes away. */
    public synchronized void withdrawAll() {
        for (ExtendedResource resource : resources()) {
            withdraw(resource);
        }
    }

    private void pruneEmptyParents(Resource start) {
        Resource node = start;
        while (node != null && createdParents.contains(node) && node.getChildren().isEmpty()) {
            Resource up = node.getParent();
            if (up != null) {
                up.delete(node);
            }
            createdParents.remove(node);
            node = up;
        }
    }
}
