package io.coaptree.rd.coap;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.OptionSet;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;

/**
 * Reads an application/link-format payload: the Content-Format check (4.15), strict UTF-8 (4.00), the parser's
 * syntax errors (4.00) and limits (4.13), each refusal with a diagnostic.
 */
final class LinkPayload {

    private final LinkFormatParser parser;

    LinkPayload(LinkFormatParser parser) {
        this.parser = parser;
    }

    /**
     * The links of a registration or update request. An empty payload without Content-Format is no links; any
     * Content-Format other than application/link-format is refused.
     */
    List<Link> read(OptionSet options, byte[] payload) throws RefusedRequestException {
        if (options.hasContentFormat() && options.getContentFormat() != MediaTypeRegistry.APPLICATION_LINK_FORMAT) {
            throw new RefusedRequestException(ResponseCode.UNSUPPORTED_CONTENT_FORMAT, "Content-Format "
                    + options.getContentFormat() + " is not accepted: send application/link-format (40)");
        }
        if (payload == null || payload.length == 0) {
            return List.of();
        }
        if (!options.hasContentFormat()) {
            throw new RefusedRequestException(ResponseCode.UNSUPPORTED_CONTENT_FORMAT,
                    "a payload needs Content-Format application/link-format (40)");
        }
        return parse(payload, "payload");
    }

    /** Parses a link-format document whose Content-Format was checked already. */
    List<Link> parse(byte[] payload, String what) throws RefusedRequestException {
        int max = parser.limits().maxPayloadChars();
        if (payload.length > 4L * max) {
            // no UTF-8 text of this many bytes can be within the character limit: do not decode it
            throw new RefusedRequestException(ResponseCode.REQUEST_ENTITY_TOO_LARGE,
                    what + " of " + payload.length + " bytes exceeds the limit of " + max + " characters");
        }
        // The JDK decodes ASCII (nearly every link-format document) with one vectorised check and a copy, and turns
        // malformed input into U+FFFD; only then does the strict decoder tell a malformed payload from a real U+FFFD.
        String text = new String(payload, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') >= 0) {
            text = strictUtf8(payload, what);
        }
        try {
            return parser.parse(text);
        } catch (LinkFormatParseException e) {
            ResponseCode code = e.kind() == LinkFormatParseException.Kind.LIMIT
                    ? ResponseCode.REQUEST_ENTITY_TOO_LARGE
                    : ResponseCode.BAD_REQUEST;
            throw new RefusedRequestException(code, what + ": " + e.getMessage());
        }
    }

    private static String strictUtf8(byte[] payload, String what) throws RefusedRequestException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, what + " is not valid UTF-8");
        }
    }
}
