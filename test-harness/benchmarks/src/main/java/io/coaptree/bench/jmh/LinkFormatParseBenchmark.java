package io.coaptree.bench.jmh;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.WebLink;
import org.eclipse.californium.core.coap.LinkFormat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;

/**
 * Our RFC 6690 parser against Californium's {@code LinkFormat.parse}, time per payload, on registration payloads both
 * read correctly: the first evaluation's realistic node (20 bundles x 2 devices x 10 sensors = 400 links) and a small
 * one (10 links), 4 attributes per link. Californium misreads unquoted dotted values and names with '-', so the
 * payloads have neither (all values quoted or plain numbers); {@link #check()} refuses to run if the two parsers
 * disagree on what they read.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LinkFormatParseBenchmark {

    @Param({"10", "400"})
    public int links;

    private String payload;
    private LinkFormatParser parser;

    /** {@code </b3/d1/s7>;rt="temperature";if="sensor";ct=0;title="sensor 3.1.7"}, repeated. */
    static String payload(int links) {
        StringBuilder out = new StringBuilder(links * 80);
        for (int i = 0; i < links; i++) {
            int bundle = i / 20;
            int device = i / 10 % 2;
            int sensor = i % 10;
            if (i > 0) {
                out.append(',');
            }
            out.append("</b").append(bundle).append("/d").append(device).append("/s").append(sensor)
                    .append(">;rt=\"").append(sensor % 2 == 0 ? "temperature" : "humidity")
                    .append("\";if=\"sensor\";ct=0;title=\"sensor ").append(bundle).append('.').append(device)
                    .append('.').append(sensor).append('"');
        }
        return out.toString();
    }

    @Setup
    public void check() throws Exception {
        payload = payload(links);
        parser = LinkFormatParser.withDefaults(); // 400 links, ~26 KB: within the default limits
        List<Link> ours = parser.parse(payload);
        Set<WebLink> theirs = LinkFormat.parse(payload);
        if (ours.size() != links || theirs.size() != links) {
            throw new IllegalStateException("parsers disagree: ours " + ours.size() + ", Californium "
                    + theirs.size() + ", expected " + links);
        }
        for (WebLink link : theirs) {
            if (!link.getAttributes().getResourceTypes().contains("temperature")
                    && !link.getAttributes().getResourceTypes().contains("humidity")
                    || link.getAttributes().getTitle() == null || !link.getAttributes().getTitle().startsWith("sensor ")) {
                throw new IllegalStateException("Californium misread " + link);
            }
        }
        for (Link link : ours) {
            if (link.firstValue("title").isEmpty() || link.firstValue("ct").isEmpty()) {
                throw new IllegalStateException("misread " + link);
            }
        }
    }

    @Benchmark
    public List<Link> coaptreeParser() throws Exception {
        return parser.parse(payload);
    }

    @Benchmark
    public Set<WebLink> californiumLinkFormat() {
        return LinkFormat.parse(payload);
    }
}
