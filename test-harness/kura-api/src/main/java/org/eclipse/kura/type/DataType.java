package org.eclipse.kura.type;

/** The value types a channel may have. */
public enum DataType {

    BOOLEAN,
    BYTE_ARRAY,
    DOUBLE,
    INTEGER,
    LONG,
    FLOAT,
    STRING;

    /**
     * @param stringDataType a constant's name, in any case
     * @return that constant
     * @throws IllegalArgumentException for any other text
     */
    public static DataType getDataType(String stringDataType) {
        for (DataType type : values()) {
            if (type.name().equalsIgnoreCase(stringDataType)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Cannot convert to DataType");
    }
}
