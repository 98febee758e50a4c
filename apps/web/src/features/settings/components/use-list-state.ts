import { useState } from 'react';

/** Search text, page and the 'Show inactive' toggle of a paged settings list. */
export function useListState(pageSize: number) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [showInactive, setShowInactiveFlag] = useState(false);
  return {
    search,
    page,
    pageSize,
    showInactive,
    setPage,
    /** A new search starts again at page 1. */
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setShowInactive: (value: boolean) => {
      setShowInactiveFlag(value);
      setPage(1);
    },
    /** The list parameters of the API (search, limit, offset, includeInactive). */
    params: {
      search: search || undefined,
      limit: pageSize,
      offset: (page - 1) * pageSize,
      includeInactive: showInactive ? ('1' as const) : undefined,
    },
  };
}
