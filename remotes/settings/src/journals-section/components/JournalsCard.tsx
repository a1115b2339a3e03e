import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JOURNAL_MESSAGES, type Journal } from '@memories/contracts';
import { journalsApi, type JournalsApi } from '@memories/web-api-client';
import { unlockedJournals } from '@memories/web-crypto';
import { UnlockJournalDialog, useJournals } from '@memories/web-journals';
import { ConfirmDialog, LoadingIndicator } from '@memories/web-ui';
import { useState, useSyncExternalStore } from 'react';
import { useSession } from '@memories/web-session';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { ChangePassphraseDialog } from './ChangePassphraseDialog';
import { DecryptedArchiveDialog } from './DecryptedArchiveDialog';
import { DeleteJournalDialog } from './DeleteJournalDialog';
import { JournalFormDialog } from './JournalFormDialog';
import { JournalMembersDialog } from './JournalMembersDialog';
import { JournalRow, type JournalAction } from './JournalRow';
import { RecoveryKeyNotice } from './RecoveryKeyNotice';

type OpenDialog =
  { kind: 'create' } | { kind: Exclude<JournalAction, 'up' | 'down' | 'lock' | 'default'>; journal: Journal };

export interface JournalsCardProps {
  api?: JournalsApi;
}

/** Settings → Journals: every journal of the person in their order, to create, rename, recolour, reorder and delete. */
export function JournalsCard({ api = journalsApi }: JournalsCardProps) {
  const journals = useJournals();
  const userId = useSession().user?.id ?? '';
  const unlocked = useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot).unlocked;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [recovery, setRecovery] = useState<{ name: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();
  const list = journals.journals;

  const refreshed = async (message?: string) => {
    if (message) succeeded(message);
    await journals.refresh();
  };
  const done = async (message?: string) => {
    setDialog(null);
    await refreshed(message);
  };
  /**
   * A row's action. Its end closes only the dialog it was asked from (Leave): a journal being created meanwhile
   * stays as the person is filling it in.
   */
  const run = async (work: () => Promise<{ message?: string }>, fromDialog = false) => {
    setBusy(true);
    clear();
    try {
      const { message } = await work();
      await (fromDialog ? done(message) : refreshed(message));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const act = (action: JournalAction, journal: Journal) => {
    const index = list.indexOf(journal);
    if (action === 'up' || action === 'down')
      void run(() => api.update(journal.id, { position: index + (action === 'up' ? -1 : 1) }));
    else if (action === 'default') void run(() => api.update(journal.id, { isDefault: true }));
    // What the server would answer, said before its dialog is filled in for nothing.
    else if (action === 'delete' && journal.isDefault) failed(JOURNAL_MESSAGES.defaultJournal);
    else if (action === 'lock') unlockedJournals.lock(journal.id);
    else setDialog({ kind: action, journal });
  };

  return (
    <SettingsCard title="Your journals">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Each memory belongs to one journal. Share a journal to write it together with family or friends, or lock one
          so that only you can read it.
        </Typography>
        {recovery && (
          <RecoveryKeyNotice journalName={recovery.name} recoveryKey={recovery.key} onDone={() => setRecovery(null)} />
        )}
        {journals.status === 'loading' && list.length === 0 && <LoadingIndicator label="Loading your journals..." />}
        {list.length > 0 && (
          <List aria-label="Journals" disablePadding data-testid="journal-list">
            {list.map((journal, index) => (
              <JournalRow
                key={journal.id}
                journal={journal}
                unlocked={unlocked.has(journal.id)}
                first={index === 0}
                last={index === list.length - 1}
                busy={busy}
                onAction={act}
              />
            ))}
          </List>
        )}
        <div>
          <Button variant="contained" onClick={() => setDialog({ kind: 'create' })}>
            New journal
          </Button>
        </div>
        <CardNotice
          notice={journals.status === 'error' ? { kind: 'error', message: journals.message } : notice}
          onClose={clear}
        />
      </Stack>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <JournalFormDialog
          api={api}
          journal={dialog.kind === 'edit' ? dialog.journal : undefined}
          usedColors={list.map((journal) => journal.color)}
          onCancel={() => setDialog(null)}
          onDone={({ journal, recoveryKey }, message) => {
            if (recoveryKey) setRecovery({ name: journal.name, key: recoveryKey });
            void done(message);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteJournalDialog
          api={api}
          journal={dialog.journal}
          targets={list.filter((other) => other.id !== dialog.journal.id && other.role === 'owner' && !other.locked)}
          onCancel={() => setDialog(null)}
          onDone={(message) => void done(message)}
        />
      )}
      {dialog?.kind === 'members' && (
        <JournalMembersDialog
          api={api}
          journal={dialog.journal}
          onClose={(changed) => (changed ? void done() : setDialog(null))}
        />
      )}
      {dialog?.kind === 'leave' && (
        <ConfirmDialog
          title={`Leave “${dialog.journal.name}”?`}
          message="You will no longer see its memories. The memories you wrote in it come with you, into your default journal."
          confirmLabel="Leave"
          destructive
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void run(() => api.removeMember(dialog.journal.id, userId), true)}
        />
      )}
      {dialog?.kind === 'unlock' && (
        <UnlockJournalDialog
          journal={dialog.journal}
          onCancel={() => setDialog(null)}
          onUnlocked={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'decrypted' && (
        <DecryptedArchiveDialog
          journal={dialog.journal}
          onCancel={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            succeeded(message);
          }}
        />
      )}
      {dialog?.kind === 'passphrase' && (
        <ChangePassphraseDialog
          api={api}
          journal={dialog.journal}
          onCancel={() => setDialog(null)}
          onDone={(message) => void done(message)}
        />
      )}
    </SettingsCard>
  );
}
