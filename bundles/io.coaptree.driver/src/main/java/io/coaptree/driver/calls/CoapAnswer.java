package io.coaptree.driver.calls;

import java.nio.charset.StandardCharsets;

/**
 * A CoAP response as the driver needs it.
 *
 * @param code the response code in dotted form, {@code 2.05}
 * @param codeName the code's name, {@code Content}
 * @param contentFormat the Content-Format number, -1 if absent
 * @param payload the payload, never {@code null}
 * @param notification whether it carried an Observe option (a relation goes on)
 */
public record CoapAnswer(String code, String codeName, int contentFormat, byte[] payload, boolean notification) {

    /** @return whether the code is of class 2 (success) */
    public boolean success() {
        return code.startsWith("2.");
    }

    /** @return the payload as text: the diagnostic of an error answer */
    public String payloadText() {
        return new String(payload, StandardCharsets.UTF_8);
    }
}
