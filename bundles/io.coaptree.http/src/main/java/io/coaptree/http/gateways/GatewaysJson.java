package io.coaptree.http.gateways;

import java.util.Comparator;
import java.util.Optional;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * The gateways of the tree as this gateway sees them, as JSON for the page: for each its name, tree address (as in
 * tree URIs), level, domain, group, whether it is live, the gateway it currently hangs under (the effective tree:
 * the live replica of its nearest live ancestor path) and the replicas of its path.
 */
public final class GatewaysJson {

    private GatewaysJson() {
    }

    /**
     * @param self this gateway's address, or {@code null} when it is not in a tree
     * @param view the tree as this gateway sees it, or {@code null}
     * @return {@code {"self": "...", "gateways": [...]}}, gateways ordered root first, then by path and name
     */
    public static JsonObject of(NodeAddress self, TreeView view) {
        JsonObject json = new JsonObject();
        json.addProperty("self", self == null ? "" : self.text());
        JsonArray gateways = new JsonArray();
        if (view != null) {
            view.members().stream()
                    .sorted(Comparator.comparing(TreeMember::path).thenComparing(TreeMember::name))
                    .forEach(member -> gateways.add(gateway(member, view)));
        }
        json.add("gateways", gateways);
        return json;
    }

    private static JsonObject gateway(TreeMember member, TreeView view) {
        NodePath path = member.path();
        JsonObject json = new JsonObject();
        json.addProperty("name", member.name());
        json.addProperty("address", path.segments() + "/" + member.name());
        json.addProperty("level", path.level().number());
        json.addProperty("domain", path.domain());
        json.addProperty("group", path.group());
        json.addProperty("live", member.isUp());
        json.addProperty("parent", parent(path, view).orElse(""));
        JsonArray replicas = new JsonArray();
        view.replicas(path).forEach(replica -> replicas.add(replica.name()));
        json.add("replicas", replicas);
        json.addProperty("coap", member.coapEndpoint());
        return json;
    }

    private static Optional<String> parent(NodePath path, TreeView view) {
        return view.attachedTo(path).flatMap(view::liveReplica).map(TreeMember::name);
    }
}
