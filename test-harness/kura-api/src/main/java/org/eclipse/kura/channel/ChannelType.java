package org.eclipse.kura.channel;

/** What an asset may do with a channel. */
public enum ChannelType {

    READ,
    READ_WRITE,
    WRITE;

    /**
     * @param channelTypeString a constant's name, in any case
     * @throws IllegalArgumentException for any other text
     */
    public static ChannelType getChannelType(String channelTypeString) {
        for (ChannelType type : values()) {
            if (type.name().equalsIgnoreCase(channelTypeString)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Cannot convert to ChannelType");
    }
}
