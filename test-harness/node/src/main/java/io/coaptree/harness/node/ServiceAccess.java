package io.coaptree.harness.node;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Calls a framework service from the launcher by reflection, through the service's own interface class as the
 * providing bundle sees it. The launcher shares no service API packages with the framework, so nothing on its
 * class path can clash with a bundle's copy; references are looked up with the "All" variants for the same reason.
 */
final class ServiceAccess {

    private final BundleContext context;
    private final String interfaceName;
    private final Duration timeout;

    ServiceAccess(BundleContext context, String interfaceName, Duration timeout) {
        this.context = context;
        this.interfaceName = interfaceName;
        this.timeout = timeout;
    }

    /** Invokes a method of the service interface; exceptions thrown by the service come out unwrapped. */
    Object call(String method, Class<?>[] parameterTypes, Object... arguments) throws Exception {
        ServiceReference<?> reference = await(this.context, "(objectClass=" + this.interfaceName + ")", this.timeout);
        if (reference == null) {
            throw new IllegalStateException(this.interfaceName + " did not appear within " + this.timeout);
        }
        Object service = this.context.getService(reference);
        if (service == null) {
            throw new IllegalStateException(this.interfaceName + " went away");
        }
        try {
            Class<?> api = reference.getBundle().loadClass(this.interfaceName);
            return invoke(api.getMethod(method, parameterTypes), service, arguments);
        } finally {
            this.context.ungetService(reference);
        }
    }

    /** Invokes a method declared by an interface of the service's API package (e.g. Configuration.update). */
    static Object invoke(Object target, String interfaceName, String method, Class<?>[] parameterTypes,
            Object... arguments) throws Exception {
        Class<?> api = interfaceOf(target.getClass(), interfaceName);
        return invoke(api.getMethod(method, parameterTypes), target, arguments);
    }

    private static Class<?> interfaceOf(Class<?> type, String interfaceName) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getName().equals(interfaceName)) {
                    return i;
                }
                Class<?> inherited = interfaceOf(i, interfaceName);
                if (inherited != null) {
                    return inherited;
                }
            }
        }
        if (type.isInterface() && type.getName().equals(interfaceName)) {
            return type;
        }
        return null;
    }

    private static Object invoke(Method method, Object target, Object... arguments) throws Exception {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception) {
                throw (Exception) cause;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** The best service matching the filter, waiting up to the timeout for one to appear; null if none did. */
    static ServiceReference<?> await(BundleContext context, String filter, Duration timeout) {
        Filter parsed;
        try {
            parsed = context.createFilter(filter);
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("bad LDAP filter " + filter + ": " + e.getMessage(), e);
        }
        ServiceTracker<Object, Object> tracker = new ServiceTracker<>(context, parsed, null);
        tracker.open(true);
        try {
            if (tracker.getServiceReference() == null) {
                tracker.waitForService(Math.max(1, timeout.toMillis()));
            }
            return tracker.getServiceReference();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            tracker.close();
        }
    }
}
