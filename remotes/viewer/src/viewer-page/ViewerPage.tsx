import {
  MEMORY_DELETE_CONFIRMATION,
  MEMORY_MESSAGES,
  MEMORY_VERSION_MESSAGES,
  type Memory,
  type RestoredMemoryVersion,
  prefetchRoute,
} from '@memories/contracts';
import { memoriesApi, memoryVersionsApi } from '@memories/web-api-client';
import {
  isSealed,
  LockedMemoryNotice,
  SealedImagesProvider,
  useJournals,
  useOpenedMemory,
} from '@memories/web-journals';
import { useSession } from '@memories/web-session';
import {
  AttachmentsGallery,
  ConfirmDialog,
  ErrorNotice,
  LazyPartBoundary,
  LoadingIndicator,
  SuccessNotice,
  UnderConstructionDialog,
  lazyPart,
  unavailableButton,
} from '@memories/web-ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import { MemoryContent } from './components/MemoryContent';
import { MemoryFooter } from './components/MemoryFooter';
import { MemoryHeader } from './components/MemoryHeader';
import { MoreOptionsMenu, type PlaceholderAction } from './components/MoreOptionsMenu';
import { PRINT_HIDDEN, PrintStyles } from './components/PrintStyles';
import { useMemory } from './hooks/useMemory';
import { useMemoryDownload } from './hooks/useMemoryDownload';
import { listHtmlImageSources } from './utils/list-html-image-sources';

const ShareDialog = lazyPart(() =>
  import('./components/share-dialog/ShareDialog').then(({ ShareDialog }) => ShareDialog),
);
/** The history and its diff code load only when the owner opens it. */
const MemoryHistoryDialog = lazyPart(() =>
  import('@memories/web-memory-history').then(({ MemoryHistoryDialog }) => MemoryHistoryDialog),
);

/** Spec section 9: the dashboard opens this long after a delete. */
export const REDIRECT_AFTER_DELETE_MS = 1500;

const placeholderMessage = (action: PlaceholderAction) =>
  `${action} functionality is currently under development. Site admin is working hard to bring you this feature soon!`;

/** /memory/:id (exposed as `viewer/ViewerPage`): read one memory; its owner may publish, edit and delete it. */
export function ViewerPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const journals = useJournals();
  const handedOver = (location.state as { memory?: Memory } | null)?.memory;
  const { memory, loading, error, reload } = useMemory(id, handedOver);
  const opened = useOpenedMemory(memory);
  // What the page reads from: the memory itself, or a locked one opened with its journal's key; null while it cannot be
  // read in this tab.
  const shown = opened?.status === 'open' ? opened.memory : null;

  const [actionError, setActionError] = useState<string | null>(null);
  const [success, setSuccess] = useState<{ message: string; refresh: boolean } | null>(null);
  const [placeholder, setPlaceholder] = useState<PlaceholderAction | null>(null);
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [askingDelete, setAskingDelete] = useState(false);
  const [loadErrorSeen, setLoadErrorSeen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // After a restore: the server's message, and the version that undoes it.
  const [restored, setRestored] = useState<{ message: string; undoVersionId: string | null } | null>(null);
  const contentHtml = shown?.contentHtml ?? '';
  const images = useMemo(() => listHtmlImageSources(contentHtml), [contentHtml]);
  const { download, downloading } = useMemoryDownload(id, setActionError);

  useEffect(() => {
    if (!deleted) return undefined;
    const timer = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [deleted, navigate]);

  if (!memory) {
    if (loading) return <LoadingIndicator label="Loading memory..." />;
    return (
      <Container maxWidth="md" sx={{ py: 6, textAlign: 'center' }} data-testid="remote-viewer">
        <ErrorNotice modal open={!loadErrorSeen} message={error} onClose={() => setLoadErrorSeen(true)} />
        <Button component={RouterLink} to="/dashboard" variant="contained" startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      </Container>
    );
  }

  const isOwner = user !== null && user.email === memory.userEmail;
  // A shared journal's owner may also edit and delete what its members wrote there (and a member made a viewer may not).
  const mayChange = journals.mayChange(memory) ?? isOwner;
  // The server holds only ciphertext of a locked memory: it refuses to share it (409) and cannot render it for a
  // download.
  const sealed = isSealed(memory);

  const publish = async () => {
    setBusy(true);
    try {
      const { message } = await memoriesApi.publish(memory.id);
      setSuccess({ message: message ?? MEMORY_MESSAGES.published, refresh: true });
      reload();
    } catch (failure) {
      setActionError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const message = await memoriesApi.remove(memory.id);
      setSuccess({ message: message ?? MEMORY_MESSAGES.deleted, refresh: false });
      setDeleted(true);
    } catch (failure) {
      setActionError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    } finally {
      setAskingDelete(false);
    }
  };

  const onRestored = ({ message, undoVersionId }: RestoredMemoryVersion & { message?: string }) => {
    setHistoryOpen(false);
    setRestored({ message: message ?? MEMORY_VERSION_MESSAGES.restored, undoVersionId });
    reload();
  };

  const undoVersionId = restored?.undoVersionId;
  const undoRestore = async (versionId: string) => {
    setRestored(null);
    try {
      onRestored(await memoryVersionsApi.restore(memory.id, versionId));
    } catch (failure) {
      setActionError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }} data-testid="remote-viewer">
      <PrintStyles />
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {/* Opened directly (a link, a reload), there is no page of this app to go back to: the dashboard instead. */}
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() => (location.key === 'default' ? navigate('/dashboard') : navigate(-1))}
        >
          Back
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {isOwner && memory.isDraft && (
          <Button variant="contained" color="success" {...unavailableButton(busy || deleted, () => void publish())}>
            Publish
          </Button>
        )}
        {mayChange && (
          // The memory as loaded, never the opened copy: navigation state is kept in the browser's history.
          <Button
            variant="contained"
            disabled={deleted}
            onClick={() => navigate(`/memory/edit/${memory.id}`, { state: { memory } })}
            {...prefetchRoute(`/memory/edit/${memory.id}`)}
          >
            Edit
          </Button>
        )}
        <MoreOptionsMenu
          onPlaceholder={setPlaceholder}
          onShare={isOwner && !deleted ? () => setSharing(true) : undefined}
          onPrint={() => window.print()}
          onDownload={downloading ? undefined : () => void download()}
          // A locked memory's versions open with its journal's key, like the memory: not before it can be read.
          onHistory={isOwner && !deleted && shown ? () => setHistoryOpen(true) : undefined}
          // Confirming a delete names the memory: not before it can be read.
          onDelete={mayChange && !deleted && shown ? () => setAskingDelete(true) : undefined}
          hidden={sealed ? ['Share', 'Download'] : undefined}
        />
      </Stack>
      <Stack spacing={2} sx={{ mb: 2 }} {...{ [PRINT_HIDDEN]: true }}>
        <ErrorNotice open={actionError !== null} message={actionError} onClose={() => setActionError(null)} />
        <SuccessNotice
          open={success !== null}
          message={success?.message}
          onClose={() => setSuccess(null)}
          actionLabel="Refresh View"
          onAction={success?.refresh ? reload : undefined}
        />
        <SuccessNotice
          open={restored !== null}
          message={restored?.message}
          onClose={() => setRestored(null)}
          actionLabel="Undo"
          onAction={undoVersionId ? () => void undoRestore(undoVersionId) : undefined}
        />
        {historyOpen && (
          <LazyPartBoundary>
            <MemoryHistoryDialog memory={memory} onClose={() => setHistoryOpen(false)} onRestored={onRestored} />
          </LazyPartBoundary>
        )}
      </Stack>
      {opened?.status === 'open' ? (
        <Paper component="article" variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
          <MemoryHeader memory={opened.memory} />
          {/* A locked memory's images are ciphertext: shown decrypted, from this tab only. */}
          <SealedImagesProvider journalId={sealed ? memory.journalId : null}>
            <MemoryContent html={opened.memory.contentHtml} />
            {/* Read-only for everyone, the owner too: removing an image changes the content, which is the editor's job. */}
            <Box {...{ [PRINT_HIDDEN]: true }}>
              <AttachmentsGallery images={images} />
            </Box>
          </SealedImagesProvider>
          <MemoryFooter memory={opened.memory} />
        </Paper>
      ) : (
        opened && <LockedMemoryNotice opened={opened} />
      )}
      {sharing && user && (
        <LazyPartBoundary>
          <ShareDialog
            memoryId={memory.id}
            title={memory.title}
            ownerId={user.id}
            onClose={() => setSharing(false)}
            onChanged={reload}
          />
        </LazyPartBoundary>
      )}
      {askingDelete && (
        <ConfirmDialog
          title={MEMORY_DELETE_CONFIRMATION.title}
          message={MEMORY_DELETE_CONFIRMATION.finalQuestion(shown?.title ?? memory.title)}
          confirmLabel={MEMORY_DELETE_CONFIRMATION.confirmLabel}
          destructive
          busy={busy}
          onCancel={() => setAskingDelete(false)}
          onConfirm={() => void remove()}
        />
      )}
      <UnderConstructionDialog
        open={placeholder !== null}
        onClose={() => setPlaceholder(null)}
        message={placeholder ? placeholderMessage(placeholder) : ''}
      />
    </Container>
  );
}
