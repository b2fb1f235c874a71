package io.coaptree.driver.channel;

/**
 * The value types a channel may have: Kura's {@code DataType} constants, by the same names, so the Kura adapter maps
 * them by name and the codec stays free of Kura's API.
 */
public enum ValueType {
    BOOLEAN, BYTE_ARRAY, DOUBLE, INTEGER, LONG, FLOAT, STRING
}
