package io.coaptree.driver.calls;

import io.coaptree.driver.channel.ChannelSettings;

/**
 * The message of a failed call, for the channel status an operator reads in the WebUI: the code, what it means here
 * (the tree answers 5.03 for a gateway that is down and 5.04 for one that did not answer) and the server's
 * diagnostic.
 */
final class FailureReasons {

    private static final int MAX_DIAGNOSTIC = 200;

    private FailureReasons() {
    }

    static String of(String operation, String path, ChannelSettings channel, CoapAnswer answer) {
        String diagnostic = answer.payloadText().strip();
        String meaning = switch (answer.code()) {
            // the tree answers 4.04 "no gateway ... in the tree" for a gateway it does not know (any more)
            case "4.04" -> diagnostic.startsWith("no gateway") ? "the gateway is not (or no longer) in the tree: "
                    + "down, or never joined" : "the resource does not exist on its gateway";
            case "4.01" -> "the driver called without an identity and the gateway wants one (set driver.identity)";
            case "4.03" -> "the owning gateway's allow-list does not admit this driver's identity";
            case "4.05" -> "the resource does not allow " + operation;
            case "4.06" -> "the resource cannot answer in " + channel.format().mediaType();
            case "4.15" -> "the resource does not take " + channel.format().mediaType();
            case "5.03" -> "the gateway is down or unreachable";
            case "5.04" -> "the owning gateway did not answer in time (timeout)";
            default -> answer.success() ? "unexpected answer" : "refused";
        };
        if (diagnostic.length() > MAX_DIAGNOSTIC) {
            diagnostic = diagnostic.substring(0, MAX_DIAGNOSTIC) + "...";
        }
        return operation + " " + path + ": " + answer.code() + " " + answer.codeName() + ", " + meaning
                + (diagnostic.isEmpty() || !isText(answer) ? "" : " (" + diagnostic + ")");
    }

    static String timeout(String operation, String path, long timeoutMillis) {
        return operation + " " + path + ": no answer within " + timeoutMillis
                + " ms (timeout; driver.request.timeout.ms)";
    }

    static String undecodable(String path, ChannelSettings channel, String why) {
        return "read " + path + ": undecodable as " + channel.valueType() + " in " + channel.format().mediaType()
                + ": " + why;
    }

    static String unavailable(String operation, String path, Throwable failure) {
        return operation + " " + path + ": the gateway's CoAP server cannot run requests ("
                + (failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage()) + ")";
    }

    private static boolean isText(CoapAnswer answer) {
        return answer.contentFormat() <= 0;
    }
}
