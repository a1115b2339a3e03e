import { PROMPT_QUERY_PARAM } from '@memories/contracts';
import { promptsApi } from '@memories/web-api-client';
import { SHARED_ITEM_PARAM, sharedItem } from '@memories/web-offline';
import { useEffect, useState } from 'react';
import { parseContentJson } from '../utils/editor-document';
import { EMPTY_STARTER, sharedTitle, starterDocument, type NewMemoryStarter } from './new-memory-starter';

/**
 * What a new memory starts with (undefined while it is being read): the prompt of the URL, what was shared into the
 * app (from this device), and otherwise the person's template (none when it cannot be read, e.g. offline).
 */
export function useNewMemoryStarter(isNew: boolean, search: string): NewMemoryStarter | undefined {
  // Kept with the address it was read for: another visit to /memory/create reads its own.
  const [read, setRead] = useState<{ search: string; starter: NewMemoryStarter } | null>(null);
  useEffect(() => {
    if (!isNew) return;
    let current = true;
    const params = new URLSearchParams(search);
    const prompt = params.get(PROMPT_QUERY_PARAM)?.trim() || null;
    const sharedId = params.get(SHARED_ITEM_PARAM);
    void (async () => {
      const shared = sharedId ? ((await sharedItem(sharedId).catch(() => undefined)) ?? null) : null;
      const template = shared
        ? null
        : await promptsApi.personalTemplate().then(
            ({ contentJson }) => parseContentJson(contentJson),
            () => null,
          );
      if (!current) return;
      setRead({
        search,
        starter: {
          content: starterDocument(prompt, template, shared),
          title: shared ? sharedTitle(shared) : '',
          shared,
        },
      });
    })();
    return () => {
      current = false;
    };
  }, [isNew, search]);
  if (!isNew) return EMPTY_STARTER;
  return read?.search === search ? read.starter : undefined;
}
