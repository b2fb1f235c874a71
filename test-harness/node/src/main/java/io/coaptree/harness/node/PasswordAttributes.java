package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.HashSet;
import java.util.Set;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.coaptree.harness.node.MetatypeDocument.AttributeDefinition;
import io.coaptree.harness.node.MetatypeDocument.ObjectClassDefinition;

/** Finds the Password-typed attributes of a PID in the metatype of the installed bundles, as Kura's WebUI knows them. */
final class PasswordAttributes {

    private PasswordAttributes() {
    }

    /** Ids of the Password ADs of the OCD with this id (Kura: OCD id = PID or factory PID); empty if unknown. */
    static Set<String> of(BundleContext context, String ocdId) {
        Set<String> ids = new HashSet<>();
        for (Bundle bundle : context.getBundles()) {
            URL entry = bundle.getEntry("OSGI-INF/metatype/" + ocdId + ".xml");
            if (entry == null) {
                continue;
            }
            try (InputStream in = entry.openStream()) {
                for (ObjectClassDefinition ocd : MetatypeDocument.parse(in).definitions()) {
                    for (AttributeDefinition ad : ocd.attributes()) {
                        if ("Password".equals(ad.type())) {
                            ids.add(ad.id());
                        }
                    }
                }
            } catch (IOException e) {
                // An unreadable metatype hides the types; MetatypeCheck reports such files.
            }
        }
        return ids;
    }
}
