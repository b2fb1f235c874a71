package io.coaptree.properties;

/**
 * A configuration value a component refuses. The message is {@code <property>: <problem>}, for example
 * {@code coap.port: 70000 is outside 0..65535}, so the user knows which field of the Kura WebUI to fix.
 */
public class InvalidPropertyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * @param field the id of the refused property, as in the component's metatype
     * @param problem what is wrong with the value, for example {@code "'x' is not true or false"}
     */
    public InvalidPropertyException(String field, String problem) {
        this(field, problem, null);
    }

    public InvalidPropertyException(String field, String problem, Throwable cause) {
        super(field + ": " + problem, cause);
        this.field = field;
        this.problem = problem;
    }

    /** @return the id of the refused property: the field to fix in the Kura WebUI */
    public final String field() {
        return field;
    }

    /** @return what is wrong with the value, without the property id */
    public final String problem() {
        return problem;
    }
}
