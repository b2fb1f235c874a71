#!/usr/bin/env python3
"""Where a hop's CPU goes (docs/performance.md): attributes the execution samples of a JFR recording of the tree
target to the parts of a hop. Each sample goes to the part of the first frame, from the leaf up, that belongs to a
known part, so a HashMap lookup inside Kryo counts as the codec and a SHA-512 inside Ed25519 as sealing.

Record:  java -jar test-harness/benchmarks/target/coaptree-benchmarks.jar run tree \\
             --set "jvm.options=-XX:StartFlightRecording=filename=/tmp/tree.jfr,settings=profile"
Read:    python3 jfr-hop-breakdown.py /tmp/tree.jfr [HH:MM:SS HH:MM:SS]   (a UTC window, e.g. one step)
Needs the JDK's `jfr` tool on the PATH. Only Java threads are sampled: JIT, GC and the kernel are not in it.
"""
import collections
import re
import subprocess
import sys

PARTS = [
    ('seal/open (COSE, Ed25519, digests)',
     r'^(io\.coaptree\.tree\.security|com\.authlete|org\.bouncycastle|sun\.security|java\.security|javax\.crypto)'),
    ('logging', r'^(org\.apache\.logging|org\.slf4j|org\.ops4j\.pax\.logging|ch\.qos|org\.eclipse\.equinox\.log)'),
    ('envelope codec (Kryo)', r'^(io\.coaptree\.codec|com\.esotericsoftware)'),
    ('remote query (routing, correlation, RD sync)', r'^io\.coaptree\.remotequery'),
    ('tree (bus, topics, node addresses, heartbeats)', r'^io\.coaptree\.tree'),
    ('MQTT client (lean transport, Paho)', r'^(io\.coaptree\.mqtt|org\.eclipse\.paho)'),
    ('broker (HiveMQ, Netty)', r'^(com\.hivemq|io\.netty)'),
    ('CoAP (Californium, our server, RD)', r'^(org\.eclipse\.californium|io\.coaptree\.server|io\.coaptree\.rd)'),
    ('thread hand-over (queues, locks, park/unpark)', r'^(java\.util\.concurrent|jdk\.internal\.misc\.Unsafe\.(park|unpark))'),
    ('sockets (NIO, java.net)', r'^(sun\.nio|java\.nio\.channels|java\.net|sun\.net)'),
    ('OSGi framework, SCR', r'^(org\.eclipse\.osgi|org\.apache\.felix|org\.osgi)'),
]
OTHER = 'other (JDK code outside the parts above)'


def samples(recording, start, end):
    text = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '96', recording],
                          capture_output=True, text=True, check=True).stdout
    for block in text.split('jdk.ExecutionSample {')[1:]:
        at = re.search(r'startTime = (\d\d:\d\d:\d\d)', block).group(1)
        if start and not start <= at < end:
            continue
        lines = block.split('stackTrace = [')[1].split('\n')[1:]
        yield [re.sub(r'\(.*', '', l.strip()) for l in lines if l.strip() and l.strip() not in (']', '}', '...')]


def main():
    recording = sys.argv[1]
    start, end = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else (None, None)
    parts, leaves, ours = collections.Counter(), collections.Counter(), collections.Counter()
    total = 0
    for frames in samples(recording, start, end):
        total += 1
        part = next((name for f in frames for name, rx in PARTS if re.match(rx, f)), OTHER)
        parts[part] += 1
        leaves[frames[0] if frames else '?'] += 1
        own = next((f for f in frames if f.startswith('io.coaptree.')), None)
        if own:
            ours[own] += 1
    print('samples', total)
    for title, counter, n in (('parts', parts, 20), ('leaf frames', leaves, 15), ('innermost frame of ours', ours, 15)):
        print('--', title)
        for name, count in counter.most_common(n):
            print('%5.1f%%  %5d  %s' % (100.0 * count / max(total, 1), count, name))


if __name__ == '__main__':
    main()
