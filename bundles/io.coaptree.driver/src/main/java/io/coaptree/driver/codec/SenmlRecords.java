package io.coaptree.driver.codec;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks a channel's value out of a SenML pack (RFC 8428): the records are resolved against the base fields that
 * precede them (base name, base value), and the value is that of the first record whose full name is the one asked
 * for, or of the first record with a value when no name is asked for. Both representations arrive here as lists of
 * maps with the JSON labels (the CBOR labels, small integers, are mapped to them first).
 */
final class SenmlRecords {

    /** RFC 8428 table 4 (section 6): the CBOR label of each field, by its JSON label. */
    private static final Map<Long, String> CBOR_LABELS = Map.ofEntries(Map.entry(-2L, "bn"), Map.entry(-3L, "bt"),
            Map.entry(-4L, "bu"), Map.entry(-5L, "bv"), Map.entry(-6L, "bs"), Map.entry(-1L, "bver"),
            Map.entry(0L, "n"), Map.entry(1L, "u"), Map.entry(2L, "v"), Map.entry(3L, "vs"), Map.entry(4L, "vb"),
            Map.entry(5L, "s"), Map.entry(6L, "t"), Map.entry(7L, "ut"), Map.entry(8L, "vd"));

    private SenmlRecords() {
    }

    /** @return the value the pack holds for {@code name}: a Double, Boolean, String or byte[] */
    static Object valueOf(Object pack, String name, boolean cborLabels) throws UndecodableException {
        if (!(pack instanceof List<?> records)) {
            throw new UndecodableException("a SenML pack is an array of records");
        }
        String baseName = "";
        Double baseValue = null;
        for (Object element : records) {
            if (!(element instanceof Map<?, ?> raw)) {
                throw new UndecodableException("a SenML record is a map");
            }
            Map<String, Object> record = cborLabels ? jsonLabelled(raw) : stringKeyed(raw);
            if (record.get("bn") instanceof String bn) {
                baseName = bn;
            }
            if (record.get("bv") instanceof Number bv) {
                baseValue = bv.doubleValue();
            }
            String fullName = baseName + (record.get("n") instanceof String n ? n : "");
            Object value = value(record, baseValue);
            if (value != null && (name.isEmpty() || name.equals(fullName))) {
                return value;
            }
        }
        throw new UndecodableException(name.isEmpty() ? "the SenML pack has no record with a value"
                : "the SenML pack has no record named '" + JavaValues.abbreviate(name) + "'");
    }

    private static Object value(Map<String, Object> record, Double baseValue) throws UndecodableException {
        if (record.get("v") instanceof Number v) {
            return v.doubleValue() + (baseValue == null ? 0 : baseValue);
        }
        if (record.get("vb") instanceof Boolean vb) {
            return vb;
        }
        if (record.get("vs") instanceof String vs) {
            return vs;
        }
        Object vd = record.get("vd");
        if (vd instanceof byte[] bytes) {
            return bytes;
        }
        if (vd instanceof String base64url) {
            try {
                return Base64.getUrlDecoder().decode(base64url);
            } catch (IllegalArgumentException e) {
                throw new UndecodableException("a SenML data value is not base64url", e);
            }
        }
        return null;
    }

    private static Map<String, Object> jsonLabelled(Map<?, ?> raw) {
        Map<String, Object> record = new LinkedHashMap<>();
        raw.forEach((key, value) -> {
            String label = key instanceof Number number ? CBOR_LABELS.get(number.longValue()) : String.valueOf(key);
            if (label != null) {
                record.put(label, value);
            }
        });
        return record;
    }

    private static Map<String, Object> stringKeyed(Map<?, ?> raw) {
        Map<String, Object> record = new LinkedHashMap<>();
        raw.forEach((key, value) -> record.put(String.valueOf(key), value));
        return record;
    }

    /** @return the CBOR label of a field, for writing a SenML-CBOR record */
    static long cborLabel(String jsonLabel) {
        return CBOR_LABELS.entrySet().stream().filter(e -> e.getValue().equals(jsonLabel)).findFirst()
                .orElseThrow().getKey();
    }
}
