package io.coaptree.bench.seeds.coaptree;

import io.coaptree.bench.mqtt.EnvelopeFormat;
import io.coaptree.bench.scenario.StepProgress;

/**
 * One variant of the first evaluation's MQTT test in a JVM of its own, started fresh as its gateways were: the
 * first exchanges pay for class loading, H2's start and the JIT like a gateway that has just booted. Prints one line
 * {@code #cold seconds=S answered=N failures={...}} for {@link TransportAblation}.
 * <pre>
 * ColdExchangeMain BROKER_URL lean|store KRYO|JAVA_SERIALIZATION COUNT [STORE_RATE_LIMIT]
 * </pre>
 */
public final class ColdExchangeMain {

    static final String PREFIX = "#cold ";

    private ColdExchangeMain() {
    }

    public static void main(String[] args) throws Exception {
        boolean store = args[1].equals("store");
        EnvelopeFormat format = EnvelopeFormat.valueOf(args[2]);
        int count = Integer.parseInt(args[3]);
        PublishRateLimit limit = args.length > 4 ? PublishRateLimit.parse(args[4]) : PublishRateLimit.OFF;
        ExchangeRun.Outcome o;
        try (StepProgress quiet = StepProgress.open("cold", count)) {
            o = ExchangeRun.run(args[0], store, limit, format, count, quiet);
        }
        System.out.println(PREFIX + "seconds=" + o.seconds() + " answered=" + o.answered() + " failures="
                + o.failures());
        System.exit(0);
    }
}
