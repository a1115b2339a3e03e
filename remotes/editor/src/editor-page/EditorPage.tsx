import {
  JOURNAL_MESSAGES,
  MEMORY_VERSION_MESSAGES,
  type Memory,
  type RestoredMemoryVersion,
} from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import { ErrorNotice, LoadingIndicator, SuccessNotice } from '@memories/web-ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LockedMemoryNotice, useJournals, useOpenedMemory, withoutPlaintext } from '@memories/web-journals';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import { MemoryEditorForm } from './MemoryEditorForm';
import { useMemoryToEdit } from './hooks/useMemoryToEdit';
import { useNewMemoryStarter } from './starter/useNewMemoryStarter';

/** The later of two copies of one memory: the one handed over with the URL may trail the one a restore just gave. */
function newest(memory: Memory | null, restored: Memory | null): Memory | null {
  if (!memory || !restored || restored.id !== memory.id) return memory;
  return restored.updatedAt > memory.updatedAt ? restored : memory;
}

/**
 * /memory/create and /memory/edit/:id (exposed as `editor/EditorPage`). The form is keyed by the memory it edits,
 * except that a new memory's first save moves the URL to /memory/edit/{id} while the same form (with its editor,
 * selection and undo history) stays mounted.
 */
export function EditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  // The memory this page created, and the history entry it was created from (until the URL has moved to it).
  const [created, setCreated] = useState<{ id: string; fromLocation: string } | null>(null);
  // A new form for every visit to /memory/create after a memory was created here.
  const [newForms, setNewForms] = useState(0);
  const [loadErrorSeen, setLoadErrorSeen] = useState(false);
  // A restore from the history starts the form again (a new key) from the restored memory.
  const [restores, setRestores] = useState<{ count: number; memory: Memory | null }>({ count: 0, memory: null });
  const [restoreNotice, setRestoreNotice] = useState<{
    memoryId: string;
    message: string;
    undoVersionId: string | null;
  } | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  if (created && id !== created.id && location.key !== created.fromLocation) {
    setCreated(null);
    setNewForms((count) => count + 1);
  }
  const ownNewMemory = created !== null;
  const handedOver = (location.state as { memory?: Memory } | null)?.memory;
  const userId = user?.id ?? 'anonymous';
  const { memory, error, pendingSave, movedTo } = useMemoryToEdit(ownNewMemory ? undefined : id, handedOver, userId);
  // A memory created offline was since sent: its local id stands for the server's.
  useEffect(() => {
    if (movedTo) void navigate(`/memory/edit/${movedTo}`, { replace: true });
  }, [movedTo, navigate]);
  const heading = id ? 'Edit Memory' : 'Create New Memory';
  const starter = useNewMemoryStarter(!id, location.search);

  const onSaved = (saved: Memory) => {
    // Also when a memory created here offline takes its server id: the same form stays.
    if (!id || (created && created.id !== saved.id)) setCreated({ id: saved.id, fromLocation: location.key });
    // The history entry carries the saved memory, so a reload or a return here never starts from an older copy.
    void navigate(`/memory/edit/${saved.id}`, { replace: true, state: { memory: saved } });
  };

  const onRestored = ({ memory: restored, message, undoVersionId }: RestoredMemoryVersion & { message?: string }) => {
    // A memory created on this page is then edited like any other: the form starts again from the restored memory.
    setCreated(null);
    setRestores((previous) => ({ count: previous.count + 1, memory: restored }));
    setRestoreNotice({ memoryId: restored.id, message: message ?? MEMORY_VERSION_MESSAGES.restored, undoVersionId });
    void navigate(`/memory/edit/${restored.id}`, { replace: true, state: { memory: withoutPlaintext(restored) } });
  };
  const notice = restoreNotice?.memoryId === id ? restoreNotice : null;
  const undoVersionId = notice?.undoVersionId;
  const undoRestore = async (memoryId: string, versionId: string) => {
    try {
      onRestored(await memoryVersionsApi.restore(memoryId, versionId));
    } catch (failure) {
      setRestoreError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const formMemory = ownNewMemory ? null : newest(memory, restores.memory);
  const opened = useOpenedMemory(formMemory);
  const journals = useJournals();
  // The form reads its memory once: once it is open, a newer copy being opened (after a save) keeps it mounted, and so
  // does the journal locking meanwhile (the form hides its text until it is unlocked again, and loses no edit).
  const lastOpened = useRef<Memory | null>(null);
  if (opened?.status === 'open') lastOpened.current = opened.memory;
  const formOpen =
    (opened?.status === 'opening' || opened?.status === 'locked') && lastOpened.current?.id === formMemory?.id;
  const memoryToEdit = opened?.status === 'open' ? opened.memory : formOpen ? lastOpened.current : null;

  // Someone else's memory in a shared journal (or any, for a viewer) is read there, not written and refused on save;
  // a save of it kept on this device still opens, so what was written there can be taken.
  const journal = formMemory ? journals.byId(formMemory.journalId) : undefined;
  if (formMemory && journal && !pendingSave && journals.mayChange(formMemory) === false) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-editor">
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' }, mb: 3 }}>
          {heading}
        </Typography>
        <Alert severity="info">
          {journal.role === 'viewer' ? JOURNAL_MESSAGES.viewerReadOnly : JOURNAL_MESSAGES.editorOwnOnly}
        </Alert>
        <Button component={RouterLink} to={`/memory/${formMemory.id}`} startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
          View the memory
        </Button>
      </Container>
    );
  }

  if (opened && opened.status !== 'open' && !formOpen) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-editor">
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' }, mb: 3 }}>
          {heading}
        </Typography>
        <LockedMemoryNotice opened={opened} />
      </Container>
    );
  }

  if ((id && !ownNewMemory && !memory) || starter === undefined) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-editor">
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
          {heading}
        </Typography>
        {error === null ? (
          <LoadingIndicator />
        ) : (
          <>
            <ErrorNotice modal open={!loadErrorSeen} message={error} onClose={() => setLoadErrorSeen(true)} />
            <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
              My Memories
            </Button>
          </>
        )}
      </Container>
    );
  }

  return (
    <>
      {notice && (
        <Container maxWidth="lg" sx={{ pt: 2, px: { xs: 1.5, sm: 3 } }}>
          <SuccessNotice
            message={notice.message}
            onClose={() => setRestoreNotice(null)}
            actionLabel="Undo"
            onAction={undoVersionId ? () => void undoRestore(notice.memoryId, undoVersionId) : undefined}
          />
        </Container>
      )}
      <ErrorNotice modal open={restoreError !== null} message={restoreError} onClose={() => setRestoreError(null)} />
      <MemoryEditorForm
        key={ownNewMemory || !id ? `new:${newForms}` : `edit:${id}:${restores.count}`}
        memory={memoryToEdit}
        pendingSave={ownNewMemory ? null : pendingSave}
        userId={userId}
        heading={heading}
        onSaved={onSaved}
        onRestored={onRestored}
        starter={ownNewMemory || id ? undefined : starter}
      />
    </>
  );
}
