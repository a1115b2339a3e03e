import { useEffect, useState } from 'react';

import { onOutboxEvent } from './outbox-events';
import { pendingSavesOf } from './outbox';
import type { PendingSave } from './pending-save';

export interface OutboxSummary {
  /** Saves waiting to be sent. */
  waiting: number;
  /** Saves refused because the memory changed elsewhere: the user chooses which version to keep. */
  needChoice: PendingSave[];
  /** Saves the server refused for another reason. */
  refused: PendingSave[];
}

const empty: OutboxSummary = { waiting: 0, needChoice: [], refused: [] };

/** What the user's outbox holds, kept up to date as saves are kept and sent (in this tab or another). */
export function useOutboxSummary(userId: string | null): OutboxSummary {
  const [summary, setSummary] = useState<OutboxSummary>(empty);
  useEffect(() => {
    if (userId === null) return setSummary(empty);
    let current = true;
    const read = () =>
      pendingSavesOf(userId).then(
        (saves) => {
          if (current) {
            setSummary({
              waiting: saves.filter((save) => save.state === 'pending').length,
              needChoice: saves.filter((save) => save.state === 'conflict'),
              refused: saves.filter((save) => save.state === 'failed'),
            });
          }
        },
        (failure: unknown) => console.error('Reading the saves kept on this device failed', failure),
      );
    void read();
    const stop = onOutboxEvent((event) => {
      if (event.userId === userId && event.type === 'changed') void read();
    });
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return summary;
}
