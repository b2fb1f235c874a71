package io.coaptree.rd.lookup;

import java.util.List;
import java.util.OptionalInt;

import com.google.common.collect.ImmutableList;

import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.QueryParameter;

/** A lookup's search criteria (all must match) and optional paging. */
public final class LookupQuery {

    private static final LookupQuery ALL = new LookupQuery(ImmutableList.of(), null, null);

    private final ImmutableList<LookupFilter> filters;
    private final Integer page;
    private final Integer count;

    private LookupQuery(ImmutableList<LookupFilter> filters, Integer page, Integer count) {
        this.filters = filters;
        this.page = page;
        this.count = count;
    }

    /** Everything, unpaged. */
    public static LookupQuery all() {
        return ALL;
    }

    public static LookupQuery of(List<LookupFilter> filters) {
        return new LookupQuery(ImmutableList.copyOf(filters), null, null);
    }

    /** The same criteria, one page of {@code count} results starting at result {@code page * count}. */
    public LookupQuery paged(int page, int count) {
        if (page < 0 || count < 0) {
            throw new IllegalArgumentException("page and count must not be negative, were " + page + ", " + count);
        }
        return new LookupQuery(filters, page, count);
    }

    /**
     * Reads a lookup's Uri-Query options: page and count for paging, every other parameter a criterion.
     *
     * @throws InvalidRequestException if page or count is not a whole number, or page comes without count
     */
    public static LookupQuery fromUriQuery(List<String> uriQuery) throws InvalidRequestException {
        ImmutableList.Builder<LookupFilter> filters = ImmutableList.builder();
        Integer page = null;
        Integer count = null;
        for (QueryParameter parameter : QueryParameter.parse(uriQuery)) {
            switch (parameter.name()) {
                case "page":
                    page = once(parameter, page);
                    break;
                case "count":
                    count = once(parameter, count);
                    break;
                default:
                    filters.add(LookupFilter.of(parameter.name(), parameter.value().orElse(null)));
            }
        }
        if (page != null && count == null) {
            throw new InvalidRequestException("page", "query parameter 'page' needs 'count' (RFC 9176 section 6)");
        }
        return new LookupQuery(filters.build(), page, count);
    }

    private static Integer once(QueryParameter parameter, Integer previous) throws InvalidRequestException {
        if (previous != null) {
            throw new InvalidRequestException(parameter.name(),
                    "query parameter '" + parameter.name() + "' must not be given twice");
        }
        String text = parameter.value().orElse("");
        boolean digits = !text.isEmpty() && text.length() <= 9;
        for (int i = 0; digits && i < text.length(); i++) {
            digits = text.charAt(i) >= '0' && text.charAt(i) <= '9';
        }
        if (!digits) {
            throw new InvalidRequestException(parameter.name(), "query parameter '" + parameter.name()
                    + "' must be a whole number from 0 to 999999999, was '" + text + "'");
        }
        return Integer.valueOf(text);
    }

    public List<LookupFilter> filters() {
        return filters;
    }

    /** Zero-based page; defaults to 0 when only count is given. */
    public OptionalInt page() {
        return page == null ? OptionalInt.empty() : OptionalInt.of(page);
    }

    /** Most results to return; empty returns all. */
    public OptionalInt count() {
        return count == null ? OptionalInt.empty() : OptionalInt.of(count);
    }

    @Override
    public String toString() {
        return "LookupQuery" + filters + (count == null ? "" : " page " + (page == null ? 0 : page) + " count " + count);
    }
}
