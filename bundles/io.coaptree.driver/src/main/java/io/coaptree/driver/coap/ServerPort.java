package io.coaptree.driver.coap;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.OptionSet;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.driver.calls.CoapAnswer;
import io.coaptree.driver.calls.CoapPort;

/**
 * Runs the driver's requests on the gateway's own CoAP server ({@link CoAPServer#execute}) as the driver instance's
 * identity: the server's access policy judges them as it judges a DTLS peer, and a {@code /tree/...} request
 * carries the identity to the owning gateway, whose allow-list decides. No socket, no second endpoint.
 */
public final class ServerPort implements CoapPort {

    private final CoAPServer server;
    private final PeerIdentity caller;

    /**
     * @param server the gateway's server
     * @param caller the driver's identity, or {@code null} to call anonymously
     */
    public ServerPort(CoAPServer server, PeerIdentity caller) {
        this.server = server;
        this.caller = caller;
    }

    @Override
    public Call call(Method method, String pathAndQuery, int accept, int contentFormat, byte[] payload) {
        Request request = request(Code.valueOf(method.name()), pathAndQuery, accept);
        if (contentFormat >= 0) {
            request.getOptions().setContentFormat(contentFormat);
        }
        if (payload.length > 0) {
            request.setPayload(payload);
        }
        CompletableFuture<CoapAnswer> answer;
        try {
            answer = server.execute(request, caller).toCompletableFuture().thenApply(ServerPort::answer);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        return new Call(answer, request::cancel);
    }

    @Override
    public Runnable observe(String pathAndQuery, int accept, Consumer<CoapAnswer> answers) {
        Request request = request(Code.GET, pathAndQuery, accept);
        request.getOptions().setObserve(0);
        // every answer of the relation, the first included, reaches the message observers (CoAPServer.execute)
        request.addMessageObserver(new MessageObserverAdapter() {
            @Override
            public void onResponse(Response response) {
                answers.accept(answer(response));
            }
        });
        try {
            server.execute(request, caller).whenComplete((first, failure) -> {
                if (failure != null) {
                    answers.accept(unavailable(failure));
                }
            });
        } catch (RuntimeException e) {
            answers.accept(unavailable(e));
        }
        return request::cancel;
    }

    private static Request request(Code code, String pathAndQuery, int accept) {
        Request request = new Request(code);
        int query = pathAndQuery.indexOf('?');
        OptionSet options = request.getOptions();
        options.setUriPath(query < 0 ? pathAndQuery : pathAndQuery.substring(0, query));
        if (query >= 0) {
            options.setUriQuery(pathAndQuery.substring(query + 1));
        }
        if (accept >= 0) {
            options.setAccept(accept);
        }
        return request;
    }

    static CoapAnswer answer(Response response) {
        OptionSet options = response.getOptions();
        int format = options.hasContentFormat() ? options.getContentFormat() : -1;
        byte[] payload = response.getPayload() == null ? new byte[0] : response.getPayload();
        return new CoapAnswer(response.getCode().toString(), codeName(response.getCode().name()), format, payload,
                options.hasObserve());
    }

    private static CoapAnswer unavailable(Throwable failure) {
        String reason = "the gateway's CoAP server cannot run requests: "
                + (failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage());
        return new CoapAnswer("5.03", "Service Unavailable", -1, reason.getBytes(StandardCharsets.UTF_8), false);
    }

    /** {@code NOT_FOUND} as {@code Not Found}. */
    private static String codeName(String constant) {
        StringBuilder name = new StringBuilder();
        for (String word : constant.split("_")) {
            if (name.length() > 0) {
                name.append(' ');
            }
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }
}
