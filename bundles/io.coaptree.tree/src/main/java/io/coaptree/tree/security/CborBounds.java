package io.coaptree.tree.security;

import io.coaptree.tree.drops.DropReason;

/**
 * Checks that bytes from the network are exactly one CBOR data item (RFC 8949) whose every declared size fits in the
 * bytes actually there, before a CBOR decoder builds anything from them. Authlete's decoder allocates the array a
 * byte or text string's head declares before it reads the bytes, and recurses once per nesting level: without this
 * check, a sealed message of eight bytes declaring a 1 GiB byte string costs 1 GiB of heap, and one of a few
 * thousand nested arrays costs the decoding thread its stack, all before any signature is looked at.
 * <p>
 * Refused, each with a reason that says which: a string longer than the bytes left, an array or map with more
 * elements than bytes left (every element takes at least one), nesting deeper than {@code maxDepth} (tags count as a
 * level), more than {@code maxItems} items in all, indefinite lengths (a seal never uses them), reserved heads,
 * truncation and trailing bytes. The walk is a loop over the bytes with one counter per open level: it allocates
 * nothing beyond that array, whatever the input claims.
 */
final class CborBounds {

    private static final int MAJOR_BYTE_STRING = 2;
    private static final int MAJOR_TEXT_STRING = 3;
    private static final int MAJOR_ARRAY = 4;
    private static final int MAJOR_MAP = 5;
    private static final int MAJOR_TAG = 6;
    private static final int INDEFINITE = 31;

    private final int maxDepth;
    private final int maxItems;

    /**
     * @param maxDepth the deepest nesting allowed (an item inside a tag inside an array is at depth 2)
     * @param maxItems the most data items allowed in all, containers and their elements alike
     */
    CborBounds(int maxDepth, int maxItems) {
        if (maxDepth < 1 || maxItems < 1) {
            throw new IllegalArgumentException("maxDepth " + maxDepth + ", maxItems " + maxItems);
        }
        this.maxDepth = maxDepth;
        this.maxItems = maxItems;
    }

    /**
     * @param what names the bytes in the refusal, e.g. "the seal"
     * @throws SealRefusedException ({@code undecodable}) naming the first defect found
     */
    void check(byte[] bytes, String what) throws SealRefusedException {
        // open[d] is how many items level d still waits for; level 0 is the top, which waits for exactly one.
        long[] open = new long[maxDepth + 1];
        int depth = 0;
        open[0] = 1;
        int position = 0;
        int items = 0;
        while (true) {
            while (depth > 0 && open[depth] == 0) {
                depth--;
            }
            if (open[depth] == 0) {
                break; // the top item is complete
            }
            if (position >= bytes.length) {
                throw refused(what, "truncated at byte " + position);
            }
            int head = bytes[position++] & 0xFF;
            int major = head >>> 5;
            int info = head & 0x1F;
            if (info == INDEFINITE || info >= 28) {
                throw refused(what, (info == INDEFINITE ? "an indefinite length" : "a reserved head " + head)
                        + " at byte " + (position - 1));
            }
            int argumentBytes = info < 24 ? 0 : 1 << (info - 24);
            if (argumentBytes > bytes.length - position) {
                throw refused(what, "truncated at byte " + position);
            }
            long argument = info < 24 ? info : 0;
            for (int i = 0; i < argumentBytes; i++) {
                argument = (argument << 8) | (bytes[position++] & 0xFF);
            }
            open[depth]--;
            if (++items > maxItems) {
                throw refused(what, "more than " + maxItems + " data items");
            }
            long left = bytes.length - position;
            switch (major) {
                case MAJOR_BYTE_STRING, MAJOR_TEXT_STRING -> {
                    // Unsigned compare: a 64-bit length above Long.MAX_VALUE reads as negative.
                    if (Long.compareUnsigned(argument, left) > 0) {
                        throw refused(what, (major == MAJOR_BYTE_STRING ? "a byte" : "a text") + " string declares "
                                + Long.toUnsignedString(argument) + " bytes, " + left + " are left");
                    }
                    position += (int) argument;
                }
                case MAJOR_ARRAY, MAJOR_MAP, MAJOR_TAG -> {
                    long elements = major == MAJOR_TAG ? 1 : argument;
                    // A map's pairs are two items each; every item takes at least one byte.
                    boolean tooMany = major == MAJOR_MAP ? Long.compareUnsigned(argument, left / 2) > 0
                            : Long.compareUnsigned(elements, left) > 0;
                    if (tooMany) {
                        throw refused(what, (major == MAJOR_MAP ? "a map declares " : "an array declares ")
                                + Long.toUnsignedString(argument) + " elements, " + left + " bytes are left");
                    }
                    if (major == MAJOR_MAP) {
                        elements = argument * 2;
                    }
                    if (elements > 0) {
                        if (depth == maxDepth) {
                            throw refused(what, "nested deeper than " + maxDepth + " levels");
                        }
                        open[++depth] = elements;
                    }
                }
                default -> {
                    // integers, simple values and floats: the head was all of it
                }
            }
        }
        if (position != bytes.length) {
            throw refused(what, (bytes.length - position) + " bytes after the item");
        }
    }

    private static SealRefusedException refused(String what, String detail) {
        return new SealRefusedException(DropReason.UNDECODABLE, null, what + ": " + detail);
    }
}
