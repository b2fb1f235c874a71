package io.coaptree.harness.junit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

/**
 * Every thread's stack and the locks it holds or waits for, printed when a test runs out of time or a tree does not
 * reach the state a test waits for: gateways, brokers and clients share the test's JVM, so a stuck MQTT callback or
 * delivery thread shows here, where a failure message alone says only that something went silent.
 */
public final class ThreadStacks {

    private ThreadStacks() {
    }

    /** Prints every thread's stack to standard error, headed by {@code why}. */
    public static void print(String why) {
        System.err.print(text(why));
    }

    static String text(String why) {
        StringBuilder out = new StringBuilder("---- thread stacks: ").append(why).append('\n');
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState());
            if (info.getLockName() != null) {
                out.append(" on ").append(info.getLockName());
            }
            if (info.getLockOwnerName() != null) {
                out.append(" held by \"").append(info.getLockOwnerName()).append('"');
            }
            out.append('\n');
            for (StackTraceElement frame : info.getStackTrace()) {
                out.append("    at ").append(frame).append('\n');
            }
        }
        return out.append("---- end of thread stacks\n").toString();
    }
}
