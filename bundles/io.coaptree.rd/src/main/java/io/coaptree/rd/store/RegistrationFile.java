package io.coaptree.rd.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.options.RegistrationStoreOptions;

/**
 * Saves a store's registrations with their remaining lifetimes, and loads them back, so registrations survive a
 * bundle update or a gateway restart. Remaining (not absolute) lifetimes, because a gateway without a real-time
 * clock may boot with a wrong wall clock.
 * <p>
 * Format: a header line, a line with the next registration id, then per registration its length in characters on a line of its own and a link-format
 * record of that length followed by a newline. The record's first link {@code <>} carries id, ep, d, lt, the
 * remaining milliseconds, base and identity; the second {@code <>} carries the extra attributes; the rest are
 * the registered links. Length framing keeps records apart whatever their quoted values contain.
 */
public final class RegistrationFile {

    private static final Logger LOG = LoggerFactory.getLogger(RegistrationFile.class);
    private static final String HEADER = "coaptree-rd-registrations 1\n";
    /** Saved so that ids (and so locations) of expired or removed registrations are not handed out again. */
    private static final String NEXT_ID = "next-id ";
    /** The identity type of the gateway's own tree synchronisation (remotequery's NodeIdentity). */
    static final String TREE_COPY_PREFIX = "node:";

    private RegistrationFile() {
    }

    /** How a load went. */
    public record LoadReport(int restored, int expired, int refused) {
    }

    /**
     * Writes the live registrations to {@code file}, replacing it atomically where the file system can. Copies the
     * tree keeps of a child's directory (registered by the gateway itself, identity {@value #TREE_COPY_PREFIX}...)
     * are not written: synchronisation makes them again after every start, with this start's base and chunking,
     * while restored ones would keep the old base and chunks that nothing removes any more.
     */
    public static void save(RegistrationStore store, Path file) throws IOException {
        StringBuilder out = new StringBuilder(HEADER).append(NEXT_ID).append(store.nextId()).append('\n');
        for (Registration registration : store.registrations()) {
            long remaining = store.remainingMillis(registration);
            if (remaining <= 0 || registration.identity().filter(id -> id.startsWith(TREE_COPY_PREFIX)).isPresent()) {
                continue;
            }
            String record = record(registration, remaining);
            out.append(record.length()).append('\n').append(record).append('\n');
        }
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temporary, out, StandardCharsets.UTF_8);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Restores the registrations saved in {@code file} into {@code store}, each with the lifetime it had left.
     * A missing file restores nothing. A record that no longer satisfies the store's options, or whose id or
     * endpoint is taken, is refused and the rest are still loaded.
     *
     * @throws StoreFileException if the file is not in this format (nothing after the fault is loaded)
     */
    public static LoadReport load(RegistrationStore store, Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new LoadReport(0, 0, 0);
        }
        if (!text.startsWith(HEADER)) {
            throw new StoreFileException(file, 0, "does not start with '" + HEADER.trim() + "'");
        }
        int pos = HEADER.length();
        int nextIdEnd = text.indexOf('\n', pos);
        int nextId = nextIdEnd < 0 || !text.startsWith(NEXT_ID, pos) ? -1
                : parseLength(text, pos + NEXT_ID.length(), nextIdEnd);
        if (nextId < 0) {
            throw new StoreFileException(file, pos, "has no '" + NEXT_ID + "' line");
        }
        store.skipIdsBelow(nextId);
        pos = nextIdEnd + 1;
        int restored = 0;
        int expired = 0;
        int refused = 0;
        while (pos < text.length()) {
            int lineEnd = text.indexOf('\n', pos);
            int length = lineEnd < 0 ? -1 : parseLength(text, pos, lineEnd);
            if (length < 0 || lineEnd + 1 + length >= text.length() || text.charAt(lineEnd + 1 + length) != '\n') {
                throw new StoreFileException(file, pos, "expected a record length and a record of that length");
            }
            String record = text.substring(lineEnd + 1, lineEnd + 1 + length);
            pos = lineEnd + 2 + length;
            Saved saved;
            try {
                saved = parseRecord(record, store.options());
            } catch (LinkFormatParseException | IllegalArgumentException e) {
                LOG.warn("Skipping an unreadable registration in {}: {}", file, e.getMessage());
                refused++;
                continue;
            }
            if (saved.remainingMillis <= 0) {
                expired++;
            } else if (store.restore(saved.registration, saved.remainingMillis)) {
                restored++;
            } else {
                LOG.warn("Not restoring {} from {}: it breaks the current limits or its name or id is taken",
                        saved.registration, file);
                refused++;
            }
        }
        return new LoadReport(restored, expired, refused);
    }

    private static String record(Registration registration, long remainingMillis) {
        Link.Builder meta = Link.builder("")
                .attribute("id", registration.id())
                .attribute("ep", registration.endpointName());
        registration.sector().ifPresent(d -> meta.attribute("d", d));
        meta.attribute("lt", Long.toString(registration.lifetimeSeconds()))
                .attribute("remaining", Long.toString(remainingMillis))
                .attribute("base", registration.base());
        if (registration.baseExplicit()) {
            meta.flag("base-explicit");
        }
        registration.identity().ifPresent(identity -> meta.attribute("identity", identity));
        List<Link> links = new ArrayList<>(registration.links().size() + 2);
        links.add(meta.build());
        links.add(Link.builder("").attributes(registration.extraAttributes()).build());
        links.addAll(registration.links());
        return LinkFormatSerializer.serialize(links);
    }

    private record Saved(Registration registration, long remainingMillis) {
    }

    private static Saved parseRecord(String record, RegistrationStoreOptions options) throws LinkFormatParseException {
        int size = Math.max(1, record.length());
        LinkFormatParser parser = new LinkFormatParser(LinkFormatLimits.builder().maxPayloadChars(size)
                .maxLinks((int) Math.min(Integer.MAX_VALUE, options.maxLinksPerRegistration() + 2L)).maxAttributesPerLink(size)
                .maxAttributeLength(size).maxTargetLength(size).build());
        List<Link> links = parser.parse(record);
        if (links.size() < 2) {
            throw new IllegalArgumentException("record has no metadata");
        }
        Link meta = links.get(0);
        Registration registration = new Registration(required(meta, "id"), required(meta, "ep"),
                meta.firstValue("d").orElse(null), number(meta, "lt"), required(meta, "base"),
                meta.has("base-explicit"), links.get(1).attributes(), links.subList(2, links.size()),
                meta.firstValue("identity").orElse(null), 0);
        return new Saved(registration, number(meta, "remaining"));
    }

    private static String required(Link meta, String name) {
        return meta.firstValue(name).orElseThrow(() -> new IllegalArgumentException("record has no " + name));
    }

    private static long number(Link meta, String name) {
        try {
            return Long.parseLong(required(meta, name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("record's " + name + " is not a number");
        }
    }

    /** A non-negative decimal of at most nine digits, or -1. */
    private static int parseLength(String text, int from, int to) {
        if (to == from || to - from > 9) {
            return -1;
        }
        int length = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            length = length * 10 + (c - '0');
        }
        return length;
    }

    /** The registrations file is not in the format {@link RegistrationFile} writes. */
    public static final class StoreFileException extends IOException {

        private static final long serialVersionUID = 1L;

        private final int offset;

        StoreFileException(Path file, int offset, String problem) {
            super(file + " is not a registrations file: at offset " + offset + " it " + problem);
            this.offset = offset;
        }

        /** Character offset of the fault. */
        public int offset() {
            return offset;
        }
    }
}
