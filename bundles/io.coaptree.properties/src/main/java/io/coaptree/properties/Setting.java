package io.coaptree.properties;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * One setting of a component, defined once: its property id, type, default, range, choices, label and description.
 * The options classes read their values through it ({@link #from(Map)}), check values built in code against it
 * ({@link #check(Object)}), and the build writes the component's Kura metatype from the same definitions
 * ({@link ComponentSettings}), so a default or a range changed here changes what the WebUI offers and what a gateway
 * runs.
 * <p>
 * Immutable: {@link #named(String)}, {@link #describedAs(String)}, {@link #range(long, long)} and the like return a
 * new definition, so a setting is declared in one expression as a constant.
 *
 * @param <T> the Java type of the value ({@code char[]} for a Password, which Kura delivers encrypted)
 */
public final class Setting<T> {

    /** The metatype types CoAPTree settings use, spelled as Kura's WebUI expects them. */
    public enum Type {
        STRING("String"), INTEGER("Integer"), LONG("Long"), BOOLEAN("Boolean"), PASSWORD("Password");

        private final String metatypeName;

        Type(String metatypeName) {
            this.metatypeName = metatypeName;
        }

        /** @return the name in a metatype {@code AD}'s {@code type} attribute */
        public String metatypeName() {
            return metatypeName;
        }
    }

    /** One entry of a dropdown: the value stored and the label the WebUI shows. */
    public record Choice(String value, String label) {
        public Choice {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(label, "label");
        }
    }

    private final String id;
    private final Type type;
    private final T fallback;
    private final BiFunction<ComponentProperties, Setting<T>, T> reader;
    private final String name;
    private final String description;
    private final boolean required;
    private final Long min;
    private final Long max;
    private final List<Choice> choices;

    private Setting(String id, Type type, T fallback, BiFunction<ComponentProperties, Setting<T>, T> reader,
            String name, String description, boolean required, Long min, Long max, List<Choice> choices) {
        this.id = requireText(id, "id");
        this.type = type;
        this.fallback = fallback;
        this.reader = reader;
        this.name = name;
        this.description = description;
        this.required = required;
        this.min = min;
        this.max = max;
        this.choices = List.copyOf(choices);
    }

    private static <T> Setting<T> of(String id, Type type, T fallback,
            BiFunction<ComponentProperties, Setting<T>, T> reader) {
        return new Setting<>(id, type, fallback, reader, id, "", true, null, null, List.of());
    }

    /** A text; the value is delivered as typed (callers trim where blanks mean nothing). */
    public static Setting<String> text(String id, String fallback) {
        return of(id, Type.STRING, Objects.requireNonNull(fallback, "fallback"),
                (p, s) -> s.check(p.string(s.id, s.fallback)));
    }

    /** A 32-bit integer. */
    public static Setting<Integer> integer(String id, int fallback) {
        return of(id, Type.INTEGER, fallback, (p, s) -> s.check(p.integer(s.id, s.fallback)));
    }

    /** A 64-bit integer (Kura's {@code Long}: durations in milliseconds, sizes in bytes). */
    public static Setting<Long> longValue(String id, long fallback) {
        return of(id, Type.LONG, fallback, (p, s) -> s.check(p.longValue(s.id, s.fallback)));
    }

    /** A switch. */
    public static Setting<Boolean> flag(String id, boolean fallback) {
        return of(id, Type.BOOLEAN, fallback, (p, s) -> p.bool(s.id, s.fallback));
    }

    /**
     * A Password field: Kura stores and delivers it encrypted, so the value read is the ciphertext, which the
     * component decrypts; its default is empty, and it is never required.
     */
    public static Setting<char[]> password(String id) {
        return new Setting<>(id, Type.PASSWORD, new char[0], (p, s) -> p.password(s.id), id, "", false, null, null,
                List.of());
    }

    /**
     * One of an enum's constants, stored as text ({@link ComponentProperties#settingOf(Enum)}: {@code KURA_KEYSTORE}
     * is {@code kura-keystore}); the WebUI offers every constant in a dropdown, labelled as stored unless
     * {@link #labelled(String...)} says otherwise.
     */
    public static <E extends Enum<E>> Setting<E> choice(String id, E fallback) {
        List<Choice> choices = new ArrayList<>();
        for (E constant : fallback.getDeclaringClass().getEnumConstants()) {
            String value = ComponentProperties.settingOf(constant);
            choices.add(new Choice(value, value));
        }
        return new Setting<E>(id, Type.STRING, fallback, (p, s) -> p.enumValue(s.id, s.fallback), id, "", true, null,
                null, choices);
    }

    /** @return this setting with the label the WebUI shows */
    public Setting<T> named(String label) {
        return new Setting<>(id, type, fallback, reader, requireText(label, "label"), description, required, min,
                max, choices);
    }

    /**
     * @param text what the setting does, for the WebUI (end it with {@code |TextArea} for a multi-line field)
     * @return this setting with that description
     */
    public Setting<T> describedAs(String text) {
        return new Setting<>(id, type, fallback, reader, name, Objects.requireNonNull(text, "text"), required, min,
                max, choices);
    }

    /** @return this setting marked not required in the WebUI (it may be left empty) */
    public Setting<T> optional() {
        return new Setting<>(id, type, fallback, reader, name, description, false, min, max, choices);
    }

    /**
     * @return this numeric setting limited to {@code min..max}; its default must lie inside
     * @throws IllegalArgumentException for a non-numeric setting, or a default outside the range
     */
    public Setting<T> range(long min, long max) {
        if (type != Type.INTEGER && type != Type.LONG) {
            throw new IllegalArgumentException(id + ": only numbers have a range");
        }
        if (min > max) {
            throw new IllegalArgumentException(id + ": range " + min + ".." + max + " is empty");
        }
        Setting<T> ranged = new Setting<>(id, type, fallback, reader, name, description, required, min, max,
                choices);
        ranged.check(fallback);
        return ranged;
    }

    /**
     * The values the WebUI offers in a dropdown, with their labels, as pairs {@code value, label, value, label...}.
     * For a {@link #choice(String, Enum)} every value must be one of its constants; for other settings only these
     * values are accepted.
     *
     * @throws IllegalArgumentException for an odd number of texts, an unknown constant, or a default not offered
     */
    public Setting<T> labelled(String... valuesAndLabels) {
        if (valuesAndLabels.length == 0 || valuesAndLabels.length % 2 != 0) {
            throw new IllegalArgumentException(id + ": give value, label pairs");
        }
        List<Choice> offered = new ArrayList<>();
        for (int i = 0; i < valuesAndLabels.length; i += 2) {
            String value = valuesAndLabels[i];
            if (!choices.isEmpty() && choices.stream().noneMatch(c -> c.value().equals(value))) {
                throw new IllegalArgumentException(id + ": '" + value + "' is not one of its choices");
            }
            offered.add(new Choice(value, valuesAndLabels[i + 1]));
        }
        Setting<T> labelled = new Setting<>(id, type, fallback, reader, name, description, required, min, max,
                offered);
        labelled.check(fallback);
        return labelled;
    }

    /**
     * Reads the value from a component's configuration as Kura delivers it ({@link ComponentProperties} says which
     * forms each type may take); a missing property takes the default.
     *
     * @throws InvalidPropertyException naming this setting, if the value has the wrong form, is out of range or is
     *             not one of the values offered
     */
    public T from(Map<String, ?> properties) {
        return from(ComponentProperties.of(properties));
    }

    /** As {@link #from(Map)}, from a reader already made. */
    public T from(ComponentProperties properties) {
        return reader.apply(properties, this);
    }

    /**
     * Checks a value built in code (a test, a builder) as a delivered one would be.
     *
     * @return {@code value}
     * @throws InvalidPropertyException naming this setting, if it is out of range or not one of the values offered
     */
    public T check(T value) {
        if (value instanceof Number number && min != null) {
            long v = number.longValue();
            if (v < min || v > max) {
                throw new InvalidPropertyException(id, v + " is outside " + min + ".." + max);
            }
        }
        if (!choices.isEmpty() && !(value instanceof Enum<?>)) {
            String text = String.valueOf(value);
            if (choices.stream().noneMatch(c -> c.value().equals(text))) {
                throw new InvalidPropertyException(id, "'" + text + "' is not one of "
                        + String.join(", ", choices.stream().map(Choice::value).toList()));
            }
        }
        return value;
    }

    public String id() {
        return id;
    }

    public Type type() {
        return type;
    }

    /** @return the default as Java sees it (an enum constant for a choice, an empty array for a Password) */
    public T defaultValue() {
        return fallback instanceof char[] chars ? castChars(chars.clone()) : fallback;
    }

    /** @return the default as the metatype writes it: an enum constant as its stored text */
    public String defaultText() {
        if (fallback instanceof Enum<?> constant) {
            return ComponentProperties.settingOf(constant);
        }
        return fallback instanceof char[] ? "" : String.valueOf(fallback);
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public boolean required() {
        return required;
    }

    /** @return the smallest value allowed, {@code null} if there is no range */
    public Long min() {
        return min;
    }

    /** @return the largest value allowed, {@code null} if there is no range */
    public Long max() {
        return max;
    }

    /** @return the values offered in a dropdown, empty for a free field */
    public List<Choice> choices() {
        return choices;
    }

    @SuppressWarnings("unchecked")
    private T castChars(char[] chars) {
        return (T) chars;
    }

    private static String requireText(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return text;
    }

    /** @return the property id, as a message to the user names the setting */
    @Override
    public String toString() {
        return id;
    }
}
