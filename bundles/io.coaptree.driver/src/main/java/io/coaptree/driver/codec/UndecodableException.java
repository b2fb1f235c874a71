package io.coaptree.driver.codec;

/** A payload that does not hold a value of the channel's type in the channel's format; the message says why. */
public class UndecodableException extends Exception {

    private static final long serialVersionUID = 1L;

    public UndecodableException(String message) {
        super(message);
    }

    public UndecodableException(String message, Throwable cause) {
        super(message, cause);
    }
}
