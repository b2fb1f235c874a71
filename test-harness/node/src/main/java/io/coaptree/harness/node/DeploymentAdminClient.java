package io.coaptree.harness.node;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.BundleContext;

/** Felix DeploymentAdmin, fed from a file: URL as Kura's deployment agent does. */
final class DeploymentAdminClient {

    private static final String DEPLOYMENT_ADMIN = "org.osgi.service.deploymentadmin.DeploymentAdmin";
    private static final String DEPLOYMENT_PACKAGE = "org.osgi.service.deploymentadmin.DeploymentPackage";
    private static final String BUNDLE_INFO = "org.osgi.service.deploymentadmin.BundleInfo";

    /** Name, version and bundle symbolic names of an installed deployment package. */
    record Installed(String name, String version, List<String> bundles) {
    }

    private final ServiceAccess admin;

    DeploymentAdminClient(BundleContext context, Duration timeout) {
        this.admin = new ServiceAccess(context, DEPLOYMENT_ADMIN, timeout);
    }

    Installed install(Path dpFile) throws Exception {
        URL url = dpFile.toAbsolutePath().toUri().toURL();
        Object deploymentPackage;
        try (InputStream in = url.openStream()) {
            deploymentPackage = this.admin.call("installDeploymentPackage", new Class<?>[] { InputStream.class }, in);
        } catch (Exception e) {
            if (e.getClass().getName().equals("org.osgi.service.deploymentadmin.DeploymentException")) {
                Object code = e.getClass().getMethod("getCode").invoke(e);
                throw new IllegalStateException("DeploymentAdmin refused " + dpFile.getFileName() + " (code " + code
                        + "): " + e.getMessage(), e);
            }
            throw e;
        }
        String name = (String) ServiceAccess.invoke(deploymentPackage, DEPLOYMENT_PACKAGE, "getName",
                new Class<?>[0]);
        Object version = ServiceAccess.invoke(deploymentPackage, DEPLOYMENT_PACKAGE, "getVersion", new Class<?>[0]);
        List<String> bundles = new ArrayList<>();
        Object[] infos = (Object[]) ServiceAccess.invoke(deploymentPackage, DEPLOYMENT_PACKAGE, "getBundleInfos",
                new Class<?>[0]);
        for (Object info : infos) {
            bundles.add((String) ServiceAccess.invoke(info, BUNDLE_INFO, "getSymbolicName", new Class<?>[0]));
        }
        return new Installed(name, String.valueOf(version), bundles);
    }

    /** Uninstalls the named package; fails when DeploymentAdmin has no such package. */
    void uninstall(String packageName) throws Exception {
        Object deploymentPackage = this.admin.call("getDeploymentPackage", new Class<?>[] { String.class },
                packageName);
        if (deploymentPackage == null) {
            throw new IllegalStateException("no deployment package named " + packageName);
        }
        ServiceAccess.invoke(deploymentPackage, DEPLOYMENT_PACKAGE, "uninstall", new Class<?>[0]);
    }
}
