import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import type { UnlockJournalDialogProps } from './PassphraseDialog';

export type { UnlockJournalDialogProps } from './PassphraseDialog';

/**
 * The dialog's code (its form, the unlock and the key derivation's loader) loads when it first opens: a signed-in page
 * that shows a locked journal's name or a locked memory's notice rarely unlocks one.
 */
const PassphraseDialog = lazyPart(() => import('./PassphraseDialog').then(({ PassphraseDialog }) => PassphraseDialog));

/** Asks for a locked journal's passphrase (or its recovery key) and unlocks it in this tab. */
export function UnlockJournalDialog(props: UnlockJournalDialogProps) {
  return (
    <LazyPartBoundary>
      <PassphraseDialog {...props} />
    </LazyPartBoundary>
  );
}

/** Fetches the dialog's code now (a pointer over, or focus on, what opens it), so opening it waits for nothing. */
UnlockJournalDialog.preload = PassphraseDialog.preload;
