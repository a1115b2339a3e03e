import type { Memory, RestoredMemoryVersion } from '@memories/contracts';
import {
  isInLockedJournal,
  LockedMemoryNotice,
  SealedImagesProvider,
  uploadSealedImage,
  useJournalKey,
  useJournals,
  useOpenedMemory,
} from '@memories/web-journals';
import type { PendingSave } from '@memories/web-offline';
import Typography from '@mui/material/Typography';
import { AttachmentsGallery, LazyPartBoundary, LazyPartFailed, TextInput, lazyPart } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, type Location } from 'react-router';

import { RichTextEditor, type RichTextEditorHandle, type StoreImage } from '../rich-text';
import { ContentHeading } from './components/ContentHeading';
import { EditorActions } from './components/EditorActions';
import { EditorHeader } from './components/EditorHeader';
import { JournalPicker } from './components/JournalPicker';
import { MoodPicker } from './components/MoodPicker';
import { SaveNotices } from './components/SaveNotices';
import { TagsInput } from './components/TagsInput';
import { ThumbnailSelect } from './components/ThumbnailSelect';
import { useExistingTags } from './hooks/useExistingTags';
import { useLeaveGuard } from './hooks/useLeaveGuard';
import { useMemoryPreview } from './hooks/useMemoryPreview';
import { useMemorySave } from './hooks/useMemorySave';
import { useRecoveredDraft } from './hooks/useRecoveredDraft';
import { EMPTY_STARTER, type NewMemoryStarter } from './starter/new-memory-starter';
import { useSharedItemPlacement } from './starter/useSharedItemPlacement';
import type { ManualSaveKind } from './saving/memory-save-session.types';
import { parseContentJson } from './utils/editor-document';
import type { MemoryFormErrors } from './utils/memory-validation.util';
import { savedVersion } from './utils/version-conflict.util';

/**
 * The dialogs (MUI's Dialog, Modal and focus trap, date-fns' formats and locale, jsdiff) load when one is first shown,
 * not with the editor (docs/performance.md, issue 23); the history and its diff code only when the owner opens it.
 */
const EditorSettingsDialog = lazyPart(() =>
  import('./components/EditorSettingsDialog').then(({ EditorSettingsDialog }) => EditorSettingsDialog),
);
const RestoreDraftDialog = lazyPart(() =>
  import('./components/RestoreDraftDialog').then(({ RestoreDraftDialog }) => RestoreDraftDialog),
);
const LeaveDialog = lazyPart(() => import('./components/LeaveDialog').then(({ LeaveDialog }) => LeaveDialog));
const VersionConflictDialog = lazyPart(() =>
  import('./components/VersionConflictDialog').then(({ VersionConflictDialog }) => VersionConflictDialog),
);
const MemoryHistoryDialog = lazyPart(() =>
  import('@memories/web-memory-history').then(({ MemoryHistoryDialog }) => MemoryHistoryDialog),
);
const dialogFailed = (retry: () => void) => <LazyPartFailed onRetry={retry} />;

/** Why the history offers no restore while the editor holds changes a restore would replace. */
export const RESTORE_BLOCKED_MESSAGE =
  'Save or undo your changes in the editor before restoring a version: a restore replaces what the editor holds.';

/** What writing in a locked journal means here, beside the form. */
export const LOCKED_JOURNAL_NOTE =
  'This journal is locked: what you write and the images you add are encrypted on this device before they are saved.';

export interface MemoryEditorFormProps {
  /** The memory to edit, or null for a new one. Read once: the form then owns its state. */
  memory: Memory | null;
  /**
   * The memory's save waiting in the device's outbox, when `memory` comes from it: one the server refused opens with
   * its reason, or with both versions to choose from.
   */
  pendingSave?: PendingSave | null;
  userId: string;
  heading: string;
  /**
   * After every successful save, with the memory as the server answered it, and when the form takes a newer version.
   */
  onSaved: (memory: Memory) => void;
  /** After a version was restored from the history: the form must start again from the restored memory. */
  onRestored: (restored: RestoredMemoryVersion & { message?: string }) => void;
  /** What a new memory starts with (a prompt, the template, something shared); read once. */
  starter?: NewMemoryStarter;
}

/** The editor form: its fields and layout. Saving, auto-save and the outbox live in the save session. */
export function MemoryEditorForm({
  memory: loaded,
  pendingSave = null,
  userId,
  heading,
  onSaved,
  onRestored,
  starter = EMPTY_STARTER,
}: MemoryEditorFormProps) {
  const navigate = useNavigate();
  const editor = useRef<RichTextEditorHandle>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const [initialContent] = useState(() => (loaded ? parseContentJson(loaded.contentJson) : starter.content));
  const save = useMemorySave({ memory: loaded, pendingSave, userId, initialContent, editor, onSaved });
  const { session, autoSave, setAutoSave } = save;
  const { fields, errors, images, memory, conflict } = save.state;
  const { recovered, restore, discard } = useRecoveredDraft(userId, loaded, initialContent, session, editor);
  const { preview, showPreview } = useMemoryPreview(editor, (message) =>
    session.notify({ severity: 'error', message }),
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const existingTags = useExistingTags();
  const sharedPhotosWaiting = useSharedItemPlacement(starter, session, editor);
  const { byId } = useJournals();
  const journalId = fields.journalId || memory?.journalId;
  const inLockedJournal = isInLockedJournal(journalId === undefined ? undefined : byId(journalId), memory);
  // The journal locked while its memory is open here (the idle time, "Lock now" in another part of the app): the text
  // is hidden, not dropped, until it is unlocked again; saving waits too (it refuses without the key).
  const journalKey = useJournalKey(inLockedJournal ? journalId : undefined);
  const lockedOut = inLockedJournal && journalId !== undefined && journalKey === undefined;
  const lockedJournalId = inLockedJournal && journalId !== undefined ? journalId : null;
  // A locked journal's images are sealed here before they leave, like its text.
  const storeImage = useMemo<StoreImage | undefined>(
    () => (lockedJournalId ? (file, options) => uploadSealedImage(file, lockedJournalId, options) : undefined),
    [lockedJournalId],
  );
  // A locked memory's newer version arrives sealed; the choice shows it opened.
  const theirs = useOpenedMemory(conflict?.theirs);
  const readableTheirs = theirs?.status === 'open' ? theirs.memory : null;

  const focusFirstInvalid = (found: MemoryFormErrors) => {
    if (found.title) titleInput.current?.focus();
    else if (found.date) dateInput.current?.focus();
    else if (found.text) editor.current?.focus();
  };
  const requestSave = (kind: ManualSaveKind) => focusFirstInvalid(session.save(kind));

  const blocker = useLeaveGuard((next: Location | null) => {
    if (!session.hasUnsavedChanges()) return false;
    if (next === null) return true;
    // The app's own moves: to the memory's edit URL after its first save, and to /login when the session has ended
    // (the mirror keeps the text for the next visit).
    return next.pathname !== '/login' && next.pathname !== `/memory/edit/${session.getState().memory?.id ?? ''}`;
  });

  return (
    <SealedImagesProvider journalId={lockedJournalId}>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-editor">
        {lockedOut && <LockedMemoryNotice opened={{ status: 'locked', journalId }} />}
        <Box sx={{ display: lockedOut ? 'none' : 'block' }}>
          <EditorHeader
            heading={heading}
            lastSavedAt={save.state.lastSavedAt}
            keptOnDevice={save.state.keptOnDevice}
            autoSave={autoSave}
            onOpenSettings={() => setSettingsOpen(true)}
          />
          <EditorActions
            saveDisabled={save.state.manualSaving || save.state.uploads > 0}
            onSave={requestSave}
            previewing={preview !== null}
            onPreview={showPreview}
            autoSave={autoSave}
            onAutoSaveChange={setAutoSave}
            onOpenHistory={memory ? () => setHistoryOpen(true) : null}
            onCancel={() => navigate('/dashboard')}
          />
          {preview && (
            <preview.MemoryPreview
              title={fields.title}
              date={fields.date}
              tags={fields.tags}
              isDraft={save.state.isDraft}
              html={preview.html}
            />
          )}

          {/* Hidden, never unmounted, while previewing: the editor keeps its document, selection and undo history. */}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: preview ? 'none' : 'block' }}>
            <Stack spacing={3}>
              <TextInput
                label="Memory Title *"
                value={fields.title}
                inputRef={titleInput}
                error={errors.title}
                onChange={(event) => session.change({ title: event.target.value })}
                slotProps={{ htmlInput: { 'aria-required': true } }}
              />
              <TextInput
                label="Date *"
                type="date"
                value={fields.date}
                inputRef={dateInput}
                error={errors.date}
                onChange={(event) => session.change({ date: event.target.value })}
                slotProps={{ htmlInput: { 'aria-required': true }, inputLabel: { shrink: true } }}
              />
              <JournalPicker
                value={fields.journalId}
                disabled={memory !== null && memory.ownerId !== userId}
                offerUnlocked={memory === null}
                onChange={(journalId) => session.change({ journalId })}
              />
              {inLockedJournal && (
                <Typography variant="body2" color="text.secondary" data-testid="locked-journal-note">
                  {LOCKED_JOURNAL_NOTE}
                </Typography>
              )}
              <TagsInput tags={fields.tags} existingTags={existingTags} onChange={(tags) => session.change({ tags })} />
              <MoodPicker value={fields.mood} onChange={(mood) => session.change({ mood })} />
              <Box>
                <ContentHeading
                  onInsertPrompt={(text) => editor.current?.insertHeading(text)}
                  sharedPhotosWaiting={sharedPhotosWaiting}
                />
                <RichTextEditor
                  ref={editor}
                  initialContent={initialContent}
                  ariaLabel="Content"
                  errorText={errors.text ?? null}
                  onChange={session.edited}
                  onImagesChange={session.setImages}
                  onError={(message) => session.notify({ severity: 'error', message })}
                  onUploadingChange={session.setUploads}
                  storeImage={storeImage}
                />
              </Box>
              <ThumbnailSelect
                images={images}
                value={fields.thumbnailUrl}
                onChange={(thumbnailUrl) => session.change({ thumbnailUrl })}
              />
              <AttachmentsGallery images={images} editable onRemove={(src) => editor.current?.removeImage(src)} />
            </Stack>
          </Paper>
        </Box>
        <SaveNotices
          notice={save.state.notice}
          onClose={() => session.notify(null)}
          onViewMemory={(published) => navigate(`/memory/${published.id}`, { state: { memory: published } })}
        />
        {settingsOpen && (
          <LazyPartBoundary fallback={dialogFailed}>
            <EditorSettingsDialog
              open
              onClose={() => setSettingsOpen(false)}
              autoSave={autoSave}
              onAutoSaveChange={setAutoSave}
            />
          </LazyPartBoundary>
        )}
        {recovered && (
          <LazyPartBoundary fallback={dialogFailed}>
            <RestoreDraftDialog editedAt={recovered.savedAt ?? null} onRestore={restore} onDiscard={discard} />
          </LazyPartBoundary>
        )}
        {blocker.state === 'blocked' && (
          <LazyPartBoundary fallback={dialogFailed}>
            <LeaveDialog open onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
          </LazyPartBoundary>
        )}
        {conflict && readableTheirs && (
          <LazyPartBoundary fallback={dialogFailed}>
            <VersionConflictDialog
              conflict={{
                mine: conflict.mine,
                theirs: { ...savedVersion(readableTheirs), savedAt: readableTheirs.updatedAt },
              }}
              onKeepMine={() => focusFirstInvalid(session.keepMine())}
              onKeepTheirs={() => session.keepTheirs(readableTheirs)}
            />
          </LazyPartBoundary>
        )}
        {historyOpen && memory && (
          <LazyPartBoundary fallback={dialogFailed}>
            <MemoryHistoryDialog
              memory={memory}
              onClose={() => setHistoryOpen(false)}
              restoreBlockedReason={session.hasUnsavedChanges() ? RESTORE_BLOCKED_MESSAGE : undefined}
              onRestored={(restored) => {
                setHistoryOpen(false);
                onRestored(restored);
              }}
            />
          </LazyPartBoundary>
        )}
      </Container>
    </SealedImagesProvider>
  );
}
