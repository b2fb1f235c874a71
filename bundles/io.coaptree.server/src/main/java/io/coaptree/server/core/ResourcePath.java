package io.coaptree.server.core;

import java.util.ArrayList;
import java.util.List;

/** Parent paths given by resource bundles (for example {@code sensors/kitchen}), split and checked. */
final class ResourcePath {

    private ResourcePath() {
    }

    /**
     * @param path segments separated by {@code /}; leading and trailing slashes are ignored; {@code null} or empty
     *            is the root
     * @return the segments, empty for the root
     * @throws IllegalArgumentException if a segment is empty, {@code .}, {@code ..} or contains control characters
     */
    static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        if (path == null) {
            return segments;
        }
        String trimmed = path.trim();
        int start = 0;
        int end = trimmed.length();
        while (start < end && trimmed.charAt(start) == '/') {
            start++;
        }
        while (end > start && trimmed.charAt(end - 1) == '/') {
            end--;
        }
        if (start == end) {
            return segments;
        }
        for (String segment : trimmed.substring(start, end).split("/", -1)) {
            segments.add(requireSegment(segment, path));
        }
        return segments;
    }

    /** Checks a resource name, which is one path segment. */
    static String requireName(String name) {
        if (name == null) {
            throw new IllegalArgumentException("resource has no name");
        }
        if (name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("resource name '" + name + "' contains '/'; use a parent path");
        }
        return requireSegment(name, name);
    }

    private static String requireSegment(String segment, String path) {
        if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
            throw new IllegalArgumentException("path '" + path + "' has an empty, '.' or '..' segment");
        }
        for (int i = 0; i < segment.length(); i++) {
            if (Character.isISOControl(segment.charAt(i))) {
                throw new IllegalArgumentException("path '" + path + "' contains a control character");
            }
        }
        return segment;
    }
}
