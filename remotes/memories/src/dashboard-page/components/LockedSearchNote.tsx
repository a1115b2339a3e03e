import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Journal } from '@memories/contracts';
import { fetchLockedJournalEarly, UnlockJournalDialog, type LockedSearchProgress } from '@memories/web-journals';
import { useState } from 'react';

/** Where the search box looks, when that is not simply the server. */
export type LockedSearchScope =
  /** A locked journal unlocked in this tab: searched here. */
  | { kind: 'on-device'; journal: Journal }
  /** A locked journal locked in this tab: nothing to search until it is unlocked. */
  | { kind: 'needs-unlock'; journal: Journal }
  /** Every journal, some of them locked: the server's search, which cannot read those. */
  | { kind: 'server-only' };

/**
 * Under the search box (part of its description): that a locked journal's search runs on this device, that it needs
 * the journal unlocked first, or that the search of every journal leaves locked ones out.
 */
export function LockedSearchNote({ id, scope }: { id: string; scope: LockedSearchScope }) {
  const [unlocking, setUnlocking] = useState(false);
  const Icon = scope.kind === 'on-device' ? LockOpenIcon : LockIcon;
  return (
    <Typography
      id={id}
      variant="caption"
      color="text.secondary"
      component="p"
      data-testid="locked-search-note"
      sx={{ mt: 0.5 }}
    >
      {/* Inline, not a flex row: a sentence too long for a phone's line would leave the icon alone on its own. */}
      <Icon aria-hidden sx={{ fontSize: 16, color: 'action.active', verticalAlign: 'text-bottom', mr: 0.5 }} />
      {scope.kind === 'on-device' &&
        `“${scope.journal.name}” is locked, so its search runs on this device, over its memories decrypted here. ` +
          'Words match as typed, without their other forms.'}
      {scope.kind === 'needs-unlock' && (
        <>
          {`“${scope.journal.name}” is locked: unlock it to search its memories on this device.`}
          <Button
            size="small"
            onPointerEnter={UnlockJournalDialog.preload}
            onFocus={UnlockJournalDialog.preload}
            onClick={() => setUnlocking(true)}
            sx={{ py: 0, ml: 0.5 }}
          >
            Unlock
          </Button>
          {unlocking && (
            <UnlockJournalDialog
              journal={scope.journal}
              // The search waits for the unlock: its ciphertext is fetched while the passphrase is stretched.
              onUnlocking={() => fetchLockedJournalEarly(scope.journal.id, scope.journal.memoryCount)}
              onUnlocked={() => setUnlocking(false)}
              onCancel={() => setUnlocking(false)}
            />
          )}
        </>
      )}
      {scope.kind === 'server-only' &&
        'Locked journals are not searched here: choose one under Journal to search it on this device.'}
    </Typography>
  );
}

/** In place of the results while the first search in a locked journal opens its memories. */
export function DecryptingProgress({ progress }: { progress: LockedSearchProgress }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="decrypting">
      Decrypting {progress.opened} of {progress.total}…
    </Typography>
  );
}
