package io.coaptree.harness.kura.configuration;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ComponentConfiguration;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.configuration.metatype.AD;
import org.eclipse.kura.configuration.metatype.OCD;
import org.eclipse.kura.configuration.metatype.Scalar;
import org.eclipse.kura.crypto.CryptoService;

import io.coaptree.harness.kura.snapshot.PasswordValue;
import io.coaptree.harness.kura.snapshot.SnapshotConfiguration;

/**
 * How Kura converts configuration values: metatype defaults into typed values (a Password default is encrypted),
 * ConfigAdmin dictionaries into maps where Password attributes become {@link Password} objects, and back, where
 * components receive a Password as its encrypted String.
 */
public final class ConfigurationValues {

    private ConfigurationValues() {
    }

    /** The OCD's default values, typed; attributes without a default are absent. */
    static Map<String, Object> defaults(OCD ocd, CryptoService crypto) {
        Map<String, Object> defaults = new HashMap<>();
        if (ocd == null) {
            return defaults;
        }
        for (AD ad : ocd.getAD()) {
            String text = ad.getDefault();
            if (text == null || text.isEmpty() || ad.getType() == null) {
                continue;
            }
            Object[] values = typed(ad.getType(), splitValues(text), crypto);
            int cardinality = ad.getCardinality();
            defaults.putIfAbsent(ad.getId(),
                    cardinality == 0 || cardinality == 1 || cardinality == -1 ? values[0] : values);
        }
        return defaults;
    }

    /** Adds the defaults of attributes the map lacks; true when something was added. */
    static boolean mergeDefaults(OCD ocd, Map<String, Object> properties, CryptoService crypto) {
        boolean changed = false;
        for (Map.Entry<String, Object> entry : defaults(ocd, crypto).entrySet()) {
            if (!properties.containsKey(entry.getKey())) {
                properties.put(entry.getKey(), entry.getValue());
                changed = true;
            }
        }
        return changed;
    }

    /** Kura splits a default on commas not escaped with a backslash and trims each part. */
    static List<String> splitValues(String text) {
        List<String> values = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == ',') {
                current.append(',');
                i++;
            } else if (c == ',') {
                values.add(current.toString().trim());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        values.add(current.toString().trim());
        return values;
    }

    private static Object[] typed(Scalar type, List<String> texts, CryptoService crypto) {
        List<Object> values = new ArrayList<>();
        for (String text : texts) {
            switch (type) {
            case BOOLEAN -> values.add(Boolean.valueOf(text));
            case BYTE -> values.add(Byte.valueOf(text));
            case CHAR -> values.add(text.charAt(0));
            case DOUBLE -> values.add(Double.valueOf(text));
            case FLOAT -> values.add(Float.valueOf(text));
            case INTEGER -> values.add(Integer.valueOf(text));
            case LONG -> values.add(Long.valueOf(text));
            case SHORT -> values.add(Short.valueOf(text));
            case PASSWORD -> values.add(encryptedDefault(text, crypto));
            case STRING -> values.add(text);
            }
        }
        return values.toArray((Object[]) Array.newInstance(values.get(0).getClass(), 0));
    }

    private static Password encryptedDefault(String text, CryptoService crypto) {
        try {
            return new Password(crypto.encryptAes(text.toCharArray()));
        } catch (KuraException | RuntimeException e) {
            return new Password(text);
        }
    }

    /** A ConfigAdmin dictionary as Kura shows it: Password attributes (per the OCD) as Password objects. */
    static Map<String, Object> toMap(Dictionary<String, Object> dictionary, OCD ocd) {
        if (dictionary == null) {
            return null;
        }
        Map<String, AD> ads = new HashMap<>();
        if (ocd != null) {
            ocd.getAD().forEach(ad -> ads.put(ad.getId(), ad));
        }
        Map<String, Object> map = new HashMap<>();
        for (Enumeration<String> keys = dictionary.keys(); keys.hasMoreElements();) {
            String key = keys.nextElement();
            Object value = dictionary.get(key);
            AD ad = ads.get(key);
            if (ad != null && ad.getType() == Scalar.PASSWORD) {
                if (value instanceof String[] texts) {
                    Password[] passwords = new Password[texts.length];
                    for (int i = 0; i < texts.length; i++) {
                        passwords[i] = new Password(texts[i]);
                    }
                    map.put(key, passwords);
                } else {
                    map.put(key, new Password(value.toString()));
                }
            } else {
                map.put(key, value);
            }
        }
        return map;
    }

    /** What ConfigAdmin receives: Password objects become their (encrypted) text, null values are dropped. */
    static Dictionary<String, Object> toDictionary(Map<String, Object> map) {
        Dictionary<String, Object> dictionary = new Hashtable<>();
        map.forEach((key, value) -> {
            if (value instanceof Password password) {
                dictionary.put(key, password.toString());
            } else if (value instanceof Password[] passwords) {
                String[] texts = new String[passwords.length];
                for (int i = 0; i < passwords.length; i++) {
                    texts[i] = passwords[i].toString();
                }
                dictionary.put(key, texts);
            } else if (value != null) {
                dictionary.put(key, value);
            }
        });
        return dictionary;
    }

    /** A snapshot entry as the ConfigurationService handles it: snapshot passwords become Password objects. */
    public static ComponentConfiguration fromSnapshot(SnapshotConfiguration snapshot) {
        Map<String, Object> properties = new LinkedHashMap<>();
        snapshot.properties().forEach((key, value) -> {
            if (value instanceof PasswordValue password) {
                properties.put(key, new Password(password.text()));
            } else if (value instanceof PasswordValue[] passwords) {
                Password[] converted = new Password[passwords.length];
                for (int i = 0; i < passwords.length; i++) {
                    converted[i] = new Password(passwords[i].text());
                }
                properties.put(key, converted);
            } else {
                properties.put(key, value);
            }
        });
        return new KuraComponentConfiguration(snapshot.pid(), null, properties);
    }

    /** A configuration as a snapshot stores it; its Password values are already ciphertexts. */
    static SnapshotConfiguration toSnapshot(ComponentConfiguration configuration) {
        Map<String, Object> properties = new LinkedHashMap<>();
        configuration.getConfigurationProperties().forEach((key, value) -> {
            if (value instanceof Password password) {
                properties.put(key, new PasswordValue(password.toString(), true));
            } else if (value instanceof Password[] passwords) {
                PasswordValue[] converted = new PasswordValue[passwords.length];
                for (int i = 0; i < passwords.length; i++) {
                    converted[i] = new PasswordValue(passwords[i].toString(), true);
                }
                properties.put(key, converted);
            } else if (value != null) {
                properties.put(key, value);
            }
        });
        return new SnapshotConfiguration(configuration.getPid(), properties);
    }
}
