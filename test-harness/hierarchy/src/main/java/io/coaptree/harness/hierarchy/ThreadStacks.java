package io.coaptree.harness.hierarchy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

/**
 * Every thread's stack and the locks it holds or waits for, printed when a tree does not reach the state a test
 * waits for: all gateways of a hierarchy share this JVM, so a stuck MQTT callback or delivery thread shows here,
 * where a failure message alone says only that a gateway went silent.
 */
final class ThreadStacks {

    private ThreadStacks() {
    }

    static void print(String why) {
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
        System.err.print(out.append("---- end of thread stacks\n"));
    }
}
