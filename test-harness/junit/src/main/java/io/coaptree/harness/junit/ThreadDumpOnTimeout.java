package io.coaptree.harness.junit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Prints every thread's stack when a test or lifecycle method runs out of time, so that a hang fails with the place
 * it hung. Every module's tests run with it (registered through {@code META-INF/services}, with JUnit's extension
 * autodetection switched on in the parent pom, which also sets the default time limit).
 * <p>
 * JUnit 5.10 stops a test that outlives its time limit by interrupting its thread and then fails it with a
 * {@link TimeoutException}; its own thread dump on timeout came in 5.12. Two cases:
 * <ul>
 * <li>the test thread ends on the interrupt (it waited in a sleep, a poll, a {@code Future.get}): the test fails with
 * the TimeoutException, and the stacks are printed then, while every other thread is still where the hang left it
 * (the test thread's own place is in the exception, as the interrupted wait it carries);</li>
 * <li>the test thread does not react to interrupts (a plain socket read, a monitor): JUnit then waits for it for
 * ever, until surefire's {@code forkedProcessTimeoutInSeconds} kills the JVM. A watchdog prints the stacks once the
 * method has run twice its time limit, so that the killed run leaves them behind.</li>
 * </ul>
 * Any {@link TimeoutException} a test ends with is a time limit run out, its own or JUnit's: both print.
 */
public final class ThreadDumpOnTimeout
        implements InvocationInterceptor, TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {

    /** JUnit's default time limit of every test and lifecycle method, in JUnit's duration format ("5 m"). */
    static final String DEFAULT_TIMEOUT = "junit.jupiter.execution.timeout.default";

    private static final Pattern DURATION = Pattern.compile("([1-9]\\d*) ?(ns|μs|ms|s|m|h|d)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** One daemon thread for all watchdogs of the JVM; a finished method's watchdog is removed at once. */
    private static final ScheduledThreadPoolExecutor WATCHDOGS = watchdogs();

    private static ScheduledThreadPoolExecutor watchdogs() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = Executors.defaultThreadFactory().newThread(runnable);
            thread.setName("junit-timeout-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, true);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, true);
    }

    @Override
    public <T> T interceptTestFactoryMethod(Invocation<T> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        return watched(invocation, call, context, true);
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, false);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, false);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, false);
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context) throws Throwable {
        watched(invocation, call, context, false);
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        throw printedIfTimeout(context, throwable);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable throwable)
            throws Throwable {
        throw printedIfTimeout(context, throwable);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable throwable)
            throws Throwable {
        throw printedIfTimeout(context, throwable);
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable throwable)
            throws Throwable {
        throw printedIfTimeout(context, throwable);
    }

    @Override
    public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable throwable)
            throws Throwable {
        throw printedIfTimeout(context, throwable);
    }

    private static Throwable printedIfTimeout(ExtensionContext context, Throwable throwable) {
        if (throwable instanceof TimeoutException) {
            ThreadStacks.print(context.getUniqueId() + ": " + throwable.getMessage());
        }
        return throwable;
    }

    /** Runs the method with a watchdog at twice its time limit (none without a limit). */
    private static <T> T watched(Invocation<T> invocation, ReflectiveInvocationContext<Method> call,
            ExtensionContext context, boolean testMethod) throws Throwable {
        Optional<Duration> limit = timeLimit(call.getExecutable(), context, testMethod);
        if (limit.isEmpty()) {
            return invocation.proceed();
        }
        Duration twice = limit.get().multipliedBy(2);
        String method = call.getExecutable().getDeclaringClass().getName() + "." + call.getExecutable().getName();
        ScheduledFuture<?> watchdog = WATCHDOGS.schedule(() -> ThreadStacks.print(method + " still runs after "
                + twice.toMillis() + " ms, twice its time limit: it did not end on JUnit's interrupt"),
                twice.toNanos(), TimeUnit.NANOSECONDS);
        try {
            return invocation.proceed();
        } finally {
            watchdog.cancel(false);
        }
    }

    /**
     * The limit JUnit applies: the method's {@link Timeout}, for a test method its class's, else the default
     * configured for every method.
     */
    static Optional<Duration> timeLimit(Method method, ExtensionContext context, boolean testMethod) {
        Optional<Timeout> declared = AnnotationSupport.findAnnotation(method, Timeout.class);
        if (declared.isEmpty() && testMethod) {
            declared = AnnotationSupport.findAnnotation(method.getDeclaringClass(), Timeout.class);
        }
        if (declared.isPresent()) {
            return Optional.of(Duration.ofNanos(declared.get().unit().toNanos(declared.get().value())));
        }
        return context.getConfigurationParameter(DEFAULT_TIMEOUT).flatMap(ThreadDumpOnTimeout::parse);
    }

    /** JUnit's duration format: a positive number and an optional unit (seconds when absent). */
    static Optional<Duration> parse(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        long value = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        return Optional.of(switch (unit) {
        case "ns" -> Duration.ofNanos(value);
        case "μs" -> Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(value));
        case "ms" -> Duration.ofMillis(value);
        case "m" -> Duration.ofMinutes(value);
        case "h" -> Duration.ofHours(value);
        case "d" -> Duration.ofDays(value);
        default -> Duration.ofSeconds(value);
        });
    }
}
