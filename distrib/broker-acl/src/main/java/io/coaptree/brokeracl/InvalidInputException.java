package io.coaptree.brokeracl;

/** A snapshot or inventory the generator cannot use; the message names the file, line and field. */
public final class InvalidInputException extends Exception {

    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
