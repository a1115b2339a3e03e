import type { AdminUser, Pagination } from '@memories/contracts';
import type { AdminApi } from '@memories/web-api-client';
import { useCallback, useEffect, useState } from 'react';

const PAGE_SIZE = 20;
/** How long typing must pause before the list is searched again. */
const SEARCH_PAUSE_MS = 300;

export interface AccountsPage {
  users: AdminUser[] | null;
  pagination: Pagination | null;
  failure: string | null;
  search: string;
  setSearch: (search: string) => void;
  page: number;
  setPage: (page: number) => void;
  /** Replaces one account with what the server answered after a change. */
  replace: (user: AdminUser) => void;
}

/** One page of the instance's accounts, searched by name or e-mail as the admin types. */
export function useAccountsPage(api: Pick<AdminApi, 'users'>): AccountsPage {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const pause = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    api.users({ page, size: PAGE_SIZE, ...(query ? { q: query } : {}) }, { signal: controller.signal }).then(
      (answer) => {
        setUsers(answer.users);
        setPagination(answer.pagination);
        setFailure(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [api, page, query]);

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPage(0);
  }, []);
  const replace = useCallback(
    (user: AdminUser) => setUsers((current) => current?.map((known) => (known.id === user.id ? user : known)) ?? null),
    [],
  );
  return { users, pagination, failure, search, setSearch, page, setPage, replace };
}
