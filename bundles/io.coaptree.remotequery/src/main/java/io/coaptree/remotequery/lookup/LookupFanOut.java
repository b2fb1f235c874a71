package io.coaptree.remotequery.lookup;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.remotequery.correlation.PendingRequests;
import io.coaptree.remotequery.forwarding.Forwarder;
import io.coaptree.remotequery.node.ErrorAnswer;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.node.Upstream;
import io.coaptree.remotequery.routing.LookupAnswers;
import io.coaptree.remotequery.routing.LearnedRoutes;
import io.coaptree.remotequery.routing.LookupPlan;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * Lookups over a subtree ({@code /tree-lookup/res|ep?scope=...}). A lookup climbs to the top of its scope and spreads
 * down ({@link Router#planLookup}); every gateway in the scope answers from its own Resource Directory
 * ({@link LocalLookups}, its links rewritten into tree paths) and asks the children its directory does not already
 * hold (RD synchronisation), and every hop merges what comes back into one link-format answer ({@link LookupGather}).
 * Each level down gets a shorter share of {@code remotequery.lookup.timeout.ms}, so partial answers from deeper
 * levels still reach the origin.
 */
public final class LookupFanOut {

    private static final Logger LOG = LoggerFactory.getLogger(LookupFanOut.class);

    private final NodeAddress self;
    private final LearnedRoutes learned;
    private final Supplier<TreeView> tree;
    private final RemoteQueryOptions options;
    private final Forwarder forwarder;
    private final LocalLookups directory;
    private final Predicate<String> ownOrigin;
    private final Predicate<TreeMember> synced;
    private final LookupAnswers answers;

    /**
     * @param ownOrigin accepts the {@code scheme://host:port} origins of this gateway's own CoAP server, so that links
     *            the local directory resolved against them are answered as tree paths
     * @param synced accepts the children whose whole subtree this gateway's directory already holds (RD
     *            synchronisation): a resource lookup over a scope that contains this gateway answers for them from
     *            the local directory instead of asking them
     * @param maxPayloadBytes the largest payload the envelope codec carries
     */
    public LookupFanOut(NodeAddress self, Supplier<TreeView> tree, RemoteQueryOptions options, Forwarder forwarder,
            LocalLookups directory, Predicate<String> ownOrigin, Predicate<TreeMember> synced, int maxPayloadBytes,
            LearnedRoutes learned) {
        this.learned = Objects.requireNonNull(learned, "learned");
        this.self = Objects.requireNonNull(self, "self");
        this.tree = Objects.requireNonNull(tree, "tree");
        this.options = Objects.requireNonNull(options, "options");
        this.forwarder = Objects.requireNonNull(forwarder, "forwarder");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.ownOrigin = Objects.requireNonNull(ownOrigin, "ownOrigin");
        this.synced = Objects.requireNonNull(synced, "synced");
        // A merged answer may be as large as the codec carries: parse the parts with the same bounds, or big
        // subtrees would be dropped after crossing the tree.
        this.answers = new LookupAnswers(new LinkFormatParser(LinkFormatLimits.builder()
                .maxLinks(options.maxMergedLinks())
                .maxPayloadChars(maxPayloadBytes)
                .build()), options.maxMergedLinks());
    }

    /** Answers {@code upstream} with the merged links that {@code kind} finds on the live gateways of {@code scope}. */
    public void lookup(CoapEnvelope request, String kind, NodePath scope, Upstream upstream, Router.Arrival arrival) {
        // A scope outside the neighbourhood whose gateway answered a request from here before is reached directly.
        TreeView view = options.directRoutes() ? learned.over(tree.get(), scope) : tree.get();
        LookupPlan plan = Router.planLookup(view, self, scope, arrival, options.directRoutes());
        List<TreeMember> forwardTo = plan.forwardTo();
        if (plan.answerLocally() && !plan.upwards()) {
            if (SyncedLookups.answerable(kind, request.query())) {
                // The local directory holds what these children synchronised; only the others are asked.
                forwardTo = forwardTo.stream().filter(synced.negate()).toList();
            } else if (SyncedLookups.answerableWhenAllHeld(kind, request.query())
                    && forwardTo.stream().allMatch(synced)) {
                // Paged: the local directory holds the whole scope, so its page is a page of the whole answer.
                forwardTo = List.of();
            }
        }
        int parts = (plan.answerLocally() ? 1 : 0) + forwardTo.size();
        if (parts == 0) {
            upstream.reply(ErrorAnswer.to(request, plan.upwards() ? CoapCodes.SERVICE_UNAVAILABLE
                    : CoapCodes.NOT_FOUND, "no live gateway serves the scope '" + scope.text() + "'"));
            return;
        }
        LookupGather gather = new LookupGather(answers, parts, request, upstream);
        if (plan.answerLocally()) {
            gather.part(directory.answer(kind, request).map(this::asTreeLinks).orElse(null), false);
        }
        // Each level down gets a shorter deadline, so partial answers from deeper levels still reach the origin.
        long timeout = plan.upwards() ? options.lookupTimeoutMillis()
                : options.lookupTimeoutMillis() * (3 - self.path().level().number()) / 4;
        for (TreeMember next : forwardTo) {
            forwarder.forwardLookup(request, next, timeout, new PendingRequests.Completion() {
                @Override
                public void onResponse(CoapEnvelope response) {
                    gather.part(response.code() == CoapCodes.CONTENT
                            ? new String(response.payload(), StandardCharsets.UTF_8) : null,
                            response.code() == CoapCodes.GATEWAY_TIMEOUT);
                }

                @Override
                public void onTimeout() {
                    gather.part(null, true);
                }
            });
        }
    }

    /** The local answer with this gateway's targets as tree paths, or null if it is not link-format. */
    private String asTreeLinks(String localAnswer) {
        try {
            return answers.toTreeLinks(self, localAnswer, ownOrigin);
        } catch (LinkFormatParseException e) {
            LOG.warn("{}: the local lookup answer is not link-format: {}", self, e.getMessage());
            return null;
        }
    }
}
