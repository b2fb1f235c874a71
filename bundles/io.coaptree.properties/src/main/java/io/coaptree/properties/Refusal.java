package io.coaptree.properties;

/**
 * How a component refuses a setting: builds the exception it throws and checks ranges in the constructors of options
 * classes. Every CoAPTree component refuses with {@link InvalidPropertyException} itself ({@link #STANDARD}), so one
 * {@code catch} handles a refused value wherever it was read; a caller outside CoAPTree may pass its own subclass.
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
