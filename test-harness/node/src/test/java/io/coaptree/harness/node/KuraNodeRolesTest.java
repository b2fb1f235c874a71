package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Kura's UserAdmin keeps the roles created at run time: its role store writes them into its configuration a moment
 * after the change (write.delay.ms), so they are in the snapshot a rebooted gateway loads. A role created, given a
 * property and a member, then the node rebooted on the same storage (a new framework, as Kura boots with a clean
 * cache): the role is there again with both.
 */
class KuraNodeRolesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String STORE = "org.eclipse.kura.internal.useradmin.store.RoleRepositoryStoreImpl";
    private static final String USER_ADMIN = "org.osgi.service.useradmin.UserAdmin";
    private static final String ROLE_STORE = "org.apache.felix.useradmin.RoleRepositoryStore";
    private static final int USER = 1;
    private static final int GROUP = 2;
    private static final String PERMISSION = "kura.permission.rest.test";
    private static final String IDENTITY = "kura.user.operator";

    @Test
    void aRoleCreatedAtRunTimeIsStillThereAfterTheNodeReboots(@TempDir Path storage) throws Exception {
        try (KuraNode node = KuraNode.builder("roles").storage(storage)
                .configuration(STORE, Map.of("write.delay.ms", 300L)).start()) {
            Object userAdmin = userAdmin(node);
            Object permission = call(userAdmin, "createRole", PERMISSION, GROUP);
            Object operator = call(userAdmin, "createRole", IDENTITY, USER);
            assertNotNull(permission, "a new group");
            properties(permission).put("description", "made at run time");
            call(permission, "addMember", operator);

            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!String.valueOf(node.configuration(STORE).get("groups.config")).contains(IDENTITY)) {
                assertTrue(System.nanoTime() < deadline, "the role store did not write the group with its member: "
                        + node.configuration(STORE));
                Thread.sleep(50);
            }
        }
        try (KuraNode rebooted = KuraNode.builder("roles").storage(storage).start()) {
            // the store comes up once the ConfigurationService has pushed the newest snapshot into ConfigAdmin
            assertTrue(rebooted.awaitServiceProperty(ROLE_STORE, "(groups.config=*" + PERMISSION + "*)", WAIT),
                    "the role store is configured from the snapshot: " + rebooted.configuration(STORE));
            Object userAdmin = userAdmin(rebooted);
            // configuration reaches components asynchronously, on a gateway as here: the boot is over once it has
            Object permission = call(userAdmin, "getRole", PERMISSION);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (permission == null && System.nanoTime() < deadline) {
                Thread.sleep(50);
                permission = call(userAdmin, "getRole", PERMISSION);
            }
            assertNotNull(permission, "the group survived the reboot: " + rebooted.configuration(STORE));
            assertEquals("made at run time", properties(permission).get("description"));
            Object[] members = (Object[]) call(permission, "getMembers");
            assertNotNull(members, "its member survived too");
            assertEquals(IDENTITY, call(members[0], "getName"));
            assertNull(call(userAdmin, "getRole", "kura.permission.never.created"));
        }
    }

    private static Object userAdmin(KuraNode node) {
        assertTrue(node.awaitServiceProperty(ROLE_STORE, null, WAIT), "the role store is registered");
        assertTrue(node.awaitServiceProperty(USER_ADMIN, null, WAIT), "UserAdmin is registered");
        BundleContext context = node.bundleContext();
        ServiceReference<?> reference = context.getServiceReference(USER_ADMIN);
        return context.getService(reference);
    }

    @SuppressWarnings("unchecked")
    private static Dictionary<String, Object> properties(Object role) throws Exception {
        return (Dictionary<String, Object>) call(role, "getProperties");
    }

    /** Calls a public method by name and argument count: the UserAdmin types live in the framework. */
    private static Object call(Object target, String method, Object... arguments) throws Exception {
        Method found = Arrays.stream(target.getClass().getMethods())
                .filter(m -> m.getName().equals(method) && m.getParameterCount() == arguments.length).findFirst()
                .orElseThrow(() -> new AssertionError(target.getClass() + " has no " + method));
        return found.invoke(target, arguments);
    }
}
