package io.coaptree.properties;

/**
 * How a component refuses a setting: builds the exception it throws, so a component whose callers catch a type of
 * its own (a subclass of {@link InvalidPropertyException}) gets that type from {@link ComponentProperties} and from
 * the range checks of its constructors alike. Write it once per component as a constructor reference, for example
 * {@code Refusal REFUSAL = InvalidOptionException::new}.
 */
@FunctionalInterface
public interface Refusal {

    /** Refuses with {@link InvalidPropertyException} itself. */
    Refusal STANDARD = InvalidPropertyException::new;

    /**
     * @param property the id of the refused property
     * @param problem what is wrong, for example {@code "'x' is not true or false"}
     * @return the exception to throw (not thrown here)
     */
    InvalidPropertyException of(String property, String problem);

    /**
     * @return {@code value}, if it lies within {@code min..max}
     * @throws InvalidPropertyException {@code "<property>: <value> is outside <min>..<max>"} otherwise
     */
    default int requireRange(String property, int value, int min, int max) {
        return (int) requireRange(property, (long) value, min, max);
    }

    /**
     * @return {@code value}, if it lies within {@code min..max}
     * @throws InvalidPropertyException {@code "<property>: <value> is outside <min>..<max>"} otherwise
     */
    default long requireRange(String property, long value, long min, long max) {
        if (value < min || value > max) {
            throw of(property, value + " is outside " + min + ".." + max);
        }
        return value;
    }

    /**
     * For a bound that depends on other settings: the explanation says where it comes from.
     *
     * @return {@code value}, if it lies within {@code min..max}
     * @throws InvalidPropertyException {@code "<property>: <value> is outside <min>..<max> (<explanation>)"}
     *             otherwise
     */
    default long requireRange(String property, long value, long min, long max, String explanation) {
        if (value < min || value > max) {
            throw of(property, value + " is outside " + min + ".." + max + " (" + explanation + ")");
        }
        return value;
    }
}
