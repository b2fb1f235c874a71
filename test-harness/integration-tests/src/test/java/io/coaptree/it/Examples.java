package io.coaptree.it;

/** Facts about the example resources the tests drive. */
final class Examples {

    /** Path of the example actuator. */
    static final String ACTUATOR = "/switch";

    private Examples() {
    }

    /** The actuator state that differs from the current one, so a write is visible. */
    static String otherState(String current) {
        return "on".equalsIgnoreCase(current.trim()) ? "off" : "on";
    }
}
