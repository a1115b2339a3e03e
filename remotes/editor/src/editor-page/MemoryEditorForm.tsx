import type { Memory, RestoredMemoryVersion } from '@memories/contracts';
import { MEMORY_FALLBACK_MESSAGES, memoriesApi, versionConflictOf } from '@memories/web-api-client';
import {
  changedElsewhere,
  discardPendingSave,
  onOutboxEvent,
  saveMemory,
  type PendingSave,
} from '@memories/web-offline';
import {
  AttachmentsGallery,
  ErrorNotice,
  LAZY_PART_FAILED_MESSAGE,
  LazyPartBoundary,
  LazyPartFailed,
  SuccessNotice,
  TextInput,
  lazyPart,
} from '@memories/web-ui';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import SettingsIcon from '@mui/icons-material/Settings';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { lightFormat } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, type Location } from 'react-router';

import { RichTextEditor, type RichTextEditorHandle } from '../rich-text';
import { TagsInput } from './components/TagsInput';
import { ThumbnailSelect } from './components/ThumbnailSelect';
import { useAutoSaveSetting } from './hooks/useAutoSaveSetting';
import { useDraftMirror } from './hooks/useDraftMirror';
import { useExistingTags } from './hooks/useExistingTags';
import { useLeaveGuard } from './hooks/useLeaveGuard';
import {
  differsFrom,
  draftMirror,
  draftMirrorKey,
  type DraftToMirror,
  type MemoryFormFields,
  type MirroredDraft,
} from './utils/draft-mirror.util';
import { parseContentJson } from './utils/editor-document';
import { formFieldsOf, toMemoryInput } from './utils/memory-input.util';
import { canAutoSave, validateMemoryForm, type MemoryFormErrors } from './utils/memory-validation.util';
import { removedImages } from './utils/removed-images.util';
import { formVersion, savedVersion, type ConflictVersion } from './utils/version-conflict.util';

/**
 * The preview, with the browser sanitiser it renders through (DOMPurify). Fetched once the page is idle, not on the
 * first Preview, so the preview also works after the network has gone.
 */
const loadPreview = () => import('./components/MemoryPreview');
type PreviewState = { html: string; MemoryPreview: Awaited<ReturnType<typeof loadPreview>>['MemoryPreview'] };

/**
 * The dialogs (MUI's Dialog, Modal and focus trap, date-fns' formats and locale, jsdiff) load when one is first shown,
 * not with the editor (docs/performance.md, issue 23).
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
const dialogFailed = (retry: () => void) => <LazyPartFailed onRetry={retry} />;

/** The history and its diff code load only when the owner opens it. */
const MemoryHistoryDialog = lazyPart(() =>
  import('@memories/web-memory-history').then(({ MemoryHistoryDialog }) => MemoryHistoryDialog),
);

/** Why the history offers no restore while the editor holds changes a restore would replace. */
export const RESTORE_BLOCKED_MESSAGE =
  'Save or undo your changes in the editor before restoring a version: a restore replaces what the editor holds.';

/** A save that could not reach the server waits in the device's outbox (issue 20) instead of failing. */
export const SAVED_ON_DEVICE_MESSAGE = "Saved on this device — will be sent when you're back online";

/** Spec section 9: auto-save runs this long after the last edit. */
export const AUTO_SAVE_DELAY_MS = 2000;
/** A draft save is only confirmed in passing: the notice goes by itself, as the dashboard's snackbar does. */
export const DRAFT_NOTICE_AUTO_HIDE_MS = 4000;

type SaveKind = 'draft' | 'publish' | 'auto';

type Notice =
  { severity: 'success'; message: string; published: Memory | null } | { severity: 'error'; message: string };

/**
 * A save refused because the memory changed elsewhere: the save that was refused, this editor's text and the newer
 * version.
 */
type Conflict = { kind: SaveKind; mine: ConflictVersion; theirs: Memory };

// Auto-save failures are only logged, and these two not even that (spec section 8).
const SILENCED_AUTO_SAVE_FAILURES: readonly string[] = [
  MEMORY_FALLBACK_MESSAGES.create,
  MEMORY_FALLBACK_MESSAGES.update,
];

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
}

/** The editor form: fields, rich text, preview, saving (manual and automatic), the local mirror and the leave guard. */
export function MemoryEditorForm({
  memory: loaded,
  pendingSave = null,
  userId,
  heading,
  onSaved,
  onRestored,
}: MemoryEditorFormProps) {
  const navigate = useNavigate();
  const editor = useRef<RichTextEditorHandle>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  const [initialContent] = useState(() => parseContentJson(loaded?.contentJson));
  const [fields, setFields] = useState<MemoryFormFields>(() => formFieldsOf(loaded));
  const [images, setImages] = useState<string[]>([]);
  const [errors, setErrors] = useState<MemoryFormErrors>({});
  const [isDraft, setIsDraft] = useState(loaded?.isDraft ?? true);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  // The last save waits in the device's outbox.
  const [keptOnDevice, setKeptOnDevice] = useState(false);
  const [manualSaving, setManualSaving] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(() =>
    pendingSave?.state === 'failed' && pendingSave.failure ? { severity: 'error', message: pendingSave.failure } : null,
  );
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // A save sent from the outbox found the memory changed elsewhere: the editor opens with both versions.
  const [conflict, setConflict] = useState<Conflict | null>(() =>
    pendingSave?.state === 'conflict' && pendingSave.theirs
      ? {
          kind: pendingSave.input.isDraft === false ? 'publish' : 'draft',
          mine: formVersion(formFieldsOf(loaded), initialContent ?? { type: 'doc' }),
          theirs: pendingSave.theirs,
        }
      : null,
  );
  const [historyOpen, setHistoryOpen] = useState(false);
  const [autoSave, setAutoSave] = useAutoSaveSetting();
  const existingTags = useExistingTags();

  // What asynchronous code (timers, the save queue) reads: always the latest, never a past render's values.
  const live = useRef({ fields, images, autoSave, uploading, conflict });
  live.current = { fields, images, autoSave, uploading, conflict };
  const saved = useRef<Memory | null>(loaded);
  // One key for every attempt to create this memory: a create whose answer was lost (timeout, dropped network) and
  // is sent again makes no second memory; the server answers the first one.
  const createAttempt = useRef({ key: crypto.randomUUID(), tries: 0 });
  const manualSaveRunning = useRef(false);
  const saveQueue = useRef<Promise<void>>(Promise.resolve());
  const autoSaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const previousImages = useRef<string[] | null>(null);
  // Every edit bumps `revision`; a save records the revision it sent. Unsaved changes: the two differ.
  const revision = useRef(0);
  const savedRevision = useRef(0);
  const hasUnsavedChanges = () => revision.current !== savedRevision.current;

  const mirrorKey = () => draftMirrorKey(userId, saved.current?.id ?? null);
  const mirror = useDraftMirror(
    mirrorKey,
    (): DraftToMirror | null => {
      const handle = editor.current;
      return handle ? { ...live.current.fields, content: handle.getJSONParts(), savedAt: Date.now() } : null;
    },
    (hasTime) => editor.current?.prepareJSONParts(hasTime) ?? true,
  );

  const [recovered, setRecovered] = useState<MirroredDraft | null>(() => {
    const key = draftMirrorKey(userId, loaded?.id ?? null);
    const draft = draftMirror.read(key);
    if (draft && !differsFrom(draft, formFieldsOf(loaded), initialContent)) {
      draftMirror.remove(key);
      return null;
    }
    return draft;
  });

  const cleanUpRemovedImages = (inUse: readonly string[]) => {
    const unused = removedImages.pending(inUse);
    if (unused.length === 0) return;
    memoriesApi.cleanupImages(unused).then(
      () => removedImages.forget(unused),
      (error: unknown) => console.error('Image clean-up failed', error),
    );
  };

  const save = async (kind: SaveKind): Promise<void> => {
    const handle = editor.current;
    const previous = saved.current;
    try {
      // A queued auto-save finds nothing to do when the save before it took every change.
      if (!handle || (kind === 'auto' && !hasUnsavedChanges())) return;
      const sentRevision = revision.current;
      const inUse = live.current.images;
      const input = toMemoryInput({
        fields: live.current.fields,
        content: handle.getJSON(),
        html: handle.getHTML(),
        images: inUse,
        isDraft: kind !== 'publish',
        sharedWith: previous?.sharedWith ?? [],
        version: previous?.version,
      });
      const autoSave = kind === 'auto';
      const attempt = createAttempt.current;
      // Sent, or kept in the device's outbox when the server cannot be reached (sent from there once it can).
      const result = await saveMemory(
        memoriesApi,
        userId,
        previous
          ? { kind: 'update', memoryId: previous.id, input, base: previous, autoSave }
          : { kind: 'create', idempotencyKey: attempt.key, createAttempts: (attempt.tries += 1), input, autoSave },
      );
      const { memory } = result;
      const kept = result.status === 'kept';
      saved.current = memory;
      savedRevision.current = sentRevision;
      setIsDraft(memory.isDraft);
      setLastSavedAt(new Date());
      setKeptOnDevice(kept);
      if (!previous) draftMirror.remove(draftMirrorKey(userId, null));
      // A memory created offline took its server id while this save went: nothing is mirrored under the local id.
      else if (previous.id !== memory.id) draftMirror.remove(draftMirrorKey(userId, previous.id));
      if (hasUnsavedChanges()) {
        // Edited while saving: the mirror moves to the memory's own key and keeps the newer text.
        mirror.schedule();
      } else {
        mirror.cancel();
        draftMirror.remove(mirrorKey());
      }
      onSaved(memory);
      if (kept) {
        if (kind !== 'auto') setNotice({ severity: 'success', message: SAVED_ON_DEVICE_MESSAGE, published: null });
        return;
      }
      cleanUpRemovedImages(inUse);
      if (kind === 'draft') setNotice({ severity: 'success', message: 'Memory saved as draft!', published: null });
      if (kind === 'publish')
        setNotice({ severity: 'success', message: 'Memory published successfully!', published: memory });
    } catch (failure) {
      const newer = previous ? versionConflictOf(failure) : null;
      if (previous && newer) return await onNewerVersion(kind, previous, newer);
      const message = failure instanceof Error ? failure.message : String(failure);
      mirror.flush();
      if (kind !== 'auto') setNotice({ severity: 'error', message });
      else if (!SILENCED_AUTO_SAVE_FAILURES.includes(message)) console.error('Auto-save failed:', message);
    } finally {
      if (kind !== 'auto') {
        manualSaveRunning.current = false;
        setManualSaving(false);
      }
    }
  };

  /**
   * The save was refused: the memory has a newer version. When that version changed nothing this editor edits (it
   * was published or shared elsewhere), the save goes again on top of it; otherwise the user chooses, and auto-save
   * waits until then.
   */
  const onNewerVersion = async (kind: SaveKind, base: Memory, newer: Memory): Promise<void> => {
    if (!changedElsewhere(base, newer)) {
      saved.current = newer;
      return save(kind);
    }
    mirror.flush();
    const handle = editor.current;
    if (!handle) return;
    const next: Conflict = { kind, mine: formVersion(live.current.fields, handle.getJSON()), theirs: newer };
    live.current = { ...live.current, conflict: next };
    setConflict(next);
  };

  const resolveConflict = (): Conflict | null => {
    const current = live.current.conflict;
    live.current = { ...live.current, conflict: null };
    setConflict(null);
    return current;
  };

  /** "Keep mine": this editor's text, saved on top of the newer version (the save the user asked for, or a draft). */
  const keepMine = () => {
    const resolved = resolveConflict();
    if (!resolved) return;
    saved.current = resolved.theirs;
    requestSave(resolved.kind === 'publish' ? 'publish' : 'draft');
  };

  /** "Keep theirs": the newer version goes into the editor as the saved state; this editor's text is dropped. */
  const keepTheirs = () => {
    const resolved = resolveConflict();
    if (!resolved) return;
    const { theirs } = resolved;
    // A save of this memory kept on the device (sent later and refused) is given up with the rest of this text.
    discardPendingSave(userId, theirs.id).catch((failure: unknown) =>
      console.error('Discarding the save kept on this device failed', failure),
    );
    setKeptOnDevice(false);
    if (autoSaveTimer.current !== null) clearTimeout(autoSaveTimer.current);
    saved.current = theirs;
    editor.current?.setContent(
      parseContentJson(theirs.contentJson) ?? { type: 'doc', content: [{ type: 'paragraph' }] },
    );
    const theirFields = formFieldsOf(theirs);
    setFields(theirFields);
    live.current = { ...live.current, fields: theirFields };
    setErrors({});
    setIsDraft(theirs.isDraft);
    savedRevision.current = revision.current;
    mirror.cancel();
    draftMirror.remove(mirrorKey());
    onSaved(theirs);
  };

  const requestSave = (kind: SaveKind) => {
    const handle = editor.current;
    if (!handle) return;
    const { fields: current, uploading: uploads, conflict: undecided } = live.current;
    if (kind === 'auto') {
      // Never over a newer version: auto-save waits while the user decides between the two.
      if (
        undecided ||
        manualSaveRunning.current ||
        uploads > 0 ||
        !hasUnsavedChanges() ||
        !canAutoSave({ title: current.title, text: handle.getText() })
      )
        return;
    } else {
      const found = validateMemoryForm({ title: current.title, text: handle.getText(), date: current.date });
      setErrors(found);
      if (found.title) return titleInput.current?.focus();
      if (found.date) return dateInput.current?.focus();
      if (found.text) return handle.focus();
      manualSaveRunning.current = true;
      setManualSaving(true);
    }
    // One save at a time: a create still running must not be followed by a second create.
    saveQueue.current = saveQueue.current.then(() => save(kind));
  };

  const scheduleAutoSave = () => {
    if (autoSaveTimer.current !== null) clearTimeout(autoSaveTimer.current);
    autoSaveTimer.current = null;
    if (!live.current.autoSave) return;
    autoSaveTimer.current = setTimeout(() => {
      autoSaveTimer.current = null;
      requestSave('auto');
    }, AUTO_SAVE_DELAY_MS);
  };

  useEffect(() => {
    // Once the page is idle: fetched during the first frames, it delayed a 10,000-paragraph memory's load ~0.1 s.
    const preload = () => void loadPreview().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(preload, { timeout: 5000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!autoSave && autoSaveTimer.current !== null) clearTimeout(autoSaveTimer.current);
  }, [autoSave]);
  // A save kept on the device was sent (from this tab or another): a memory created offline takes its server id,
  // and one sent whole is the saved state.
  useEffect(
    () =>
      onOutboxEvent((event) => {
        const current = saved.current;
        if (event.userId !== userId || !current) return;
        if (event.type === 'conflict') {
          // Sent from the outbox and refused: this editor holds that text (or newer), so it asks here.
          const handle = editor.current;
          if (event.memoryId !== current.id || !handle || live.current.conflict) return;
          mirror.flush();
          const next: Conflict = {
            kind: current.isDraft ? 'draft' : 'publish',
            mine: formVersion(live.current.fields, handle.getJSON()),
            theirs: event.theirs,
          };
          live.current = { ...live.current, conflict: next };
          setConflict(next);
          return;
        }
        if (event.type !== 'sent' || (current.id !== event.memory.id && current.id !== event.localId)) return;
        const followed = event.settled ? event.memory : { ...current, id: event.memory.id };
        saved.current = followed;
        if (current.id !== followed.id) {
          // The mirror follows the id: text not saved yet is mirrored again under the server's.
          draftMirror.remove(draftMirrorKey(userId, current.id));
          if (hasUnsavedChanges()) mirror.schedule();
        }
        if (event.settled) setKeptOnDevice(false);
        if (current.id !== followed.id || event.settled) onSaved(followed);
      }),
    [userId, onSaved, mirror],
  );
  useEffect(
    () => () => {
      if (autoSaveTimer.current !== null) clearTimeout(autoSaveTimer.current);
    },
    [],
  );

  const markChanged = () => {
    revision.current += 1;
    mirror.schedule();
    scheduleAutoSave();
  };

  const changeFields = (patch: Partial<MemoryFormFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    live.current = { ...live.current, fields: { ...live.current.fields, ...patch } };
    markChanged();
  };

  const onContentChange = () => {
    markChanged();
    // Read from this render, not set on every keystroke: most keystrokes have no error to clear.
    if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
  };

  const onImagesChange = useCallback((sources: string[]) => {
    if (previousImages.current !== null) removedImages.track(previousImages.current, sources);
    previousImages.current = sources;
    setImages(sources);
  }, []);

  const restore = () => {
    if (!recovered) return;
    const { content, title, date, tags, thumbnailUrl } = recovered;
    setRecovered(null);
    editor.current?.setContent(content);
    changeFields({ title, date, tags, thumbnailUrl });
  };

  const discard = () => {
    draftMirror.remove(mirrorKey());
    setRecovered(null);
  };

  const blocker = useLeaveGuard((next: Location | null) => {
    if (!hasUnsavedChanges()) return false;
    if (next === null) return true;
    // The app's own moves: to the memory's edit URL after its first save, and to /login when the session has ended
    // (the mirror keeps the text for the next visit).
    return next.pathname !== '/login' && next.pathname !== `/memory/edit/${saved.current?.id ?? ''}`;
  });

  const previewing = preview !== null;
  const showPreview = () => {
    const html = editor.current?.getHTML() ?? '';
    loadPreview().then(
      ({ MemoryPreview }) => setPreview({ html, MemoryPreview }),
      () => setNotice({ severity: 'error', message: LAZY_PART_FAILED_MESSAGE }),
    );
  };
  const published = notice?.severity === 'success' ? notice.published : null;
  const saveDisabled = manualSaving || uploading > 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-editor">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ minHeight: '1.5em' }}>
            {lastSavedAt &&
              `${keptOnDevice ? 'Last saved on this device' : 'Last saved'}: ${lightFormat(lastSavedAt, 'HH:mm:ss')}`}
          </Typography>
        </Box>
        <IconButton aria-label="Editor settings" aria-haspopup="dialog" onClick={() => setSettingsOpen(true)}>
          <Badge
            variant="dot"
            color="success"
            invisible={!autoSave}
            overlap="circular"
            data-testid="auto-save-indicator"
          >
            <SettingsIcon />
          </Badge>
        </IconButton>
      </Stack>

      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        <Button
          variant="outlined"
          startIcon={<SaveIcon />}
          disabled={saveDisabled}
          onClick={() => requestSave('draft')}
        >
          Save Draft
        </Button>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          disabled={saveDisabled}
          onClick={() => requestSave('publish')}
        >
          Publish
        </Button>
        <Button
          variant="outlined"
          aria-pressed={previewing}
          startIcon={previewing ? <EditIcon /> : <VisibilityIcon />}
          onClick={previewing ? () => setPreview(null) : showPreview}
        >
          {previewing ? 'Edit' : 'Preview'}
        </Button>
        <FormControlLabel
          control={<Switch checked={autoSave} onChange={(event) => setAutoSave(event.target.checked)} />}
          label="Auto-save"
          sx={{ mx: 0 }}
        />
        {saved.current && (
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            aria-haspopup="dialog"
            onClick={() => setHistoryOpen(true)}
          >
            History
          </Button>
        )}
        <Button color="inherit" onClick={() => navigate('/dashboard')}>
          Cancel
        </Button>
      </Stack>

      {preview && (
        <preview.MemoryPreview
          title={fields.title}
          date={fields.date}
          tags={fields.tags}
          isDraft={isDraft}
          html={preview.html}
        />
      )}

      {/* Hidden, never unmounted, while previewing: the editor keeps its document, selection and undo history. */}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: previewing ? 'none' : 'block' }}>
        <Stack spacing={3}>
          <TextInput
            label="Memory Title *"
            value={fields.title}
            inputRef={titleInput}
            error={errors.title}
            onChange={(event) => {
              changeFields({ title: event.target.value });
              if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
            }}
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <TextInput
            label="Date *"
            type="date"
            value={fields.date}
            inputRef={dateInput}
            error={errors.date}
            onChange={(event) => {
              changeFields({ date: event.target.value });
              if (errors.date) setErrors((current) => ({ ...current, date: undefined }));
            }}
            slotProps={{ htmlInput: { 'aria-required': true }, inputLabel: { shrink: true } }}
          />
          <TagsInput tags={fields.tags} existingTags={existingTags} onChange={(tags) => changeFields({ tags })} />
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ mb: 1 }}>
              Content *
            </Typography>
            <RichTextEditor
              ref={editor}
              initialContent={initialContent}
              ariaLabel="Content"
              errorText={errors.text ?? null}
              onChange={onContentChange}
              onImagesChange={onImagesChange}
              onError={(message) => setNotice({ severity: 'error', message })}
              onUploadingChange={setUploading}
            />
          </Box>
          <ThumbnailSelect
            images={images}
            value={fields.thumbnailUrl}
            onChange={(thumbnailUrl) => changeFields({ thumbnailUrl })}
          />
          <AttachmentsGallery images={images} editable onRemove={(src) => editor.current?.removeImage(src)} />
        </Stack>
      </Paper>

      {/* After Publish the spec's modal with "View Memory"; after Save Draft a notice that neither takes focus nor
          covers the editor, so writing goes on. */}
      <SuccessNotice
        modal
        open={published !== null}
        message={notice?.message}
        onClose={() => setNotice(null)}
        actionLabel="View Memory"
        onAction={published ? () => navigate(`/memory/${published.id}`, { state: { memory: published } }) : undefined}
      />
      {notice?.severity === 'success' && published === null && (
        // Above the shell's bottom tab bar, which phones (below sm) have.
        <Box
          sx={{
            position: 'fixed',
            zIndex: 'snackbar',
            bottom: { xs: 80, sm: 24 },
            left: 16,
            right: { xs: 16, sm: 'auto' },
            maxWidth: { sm: 420 },
          }}
        >
          <SuccessNotice
            message={notice.message}
            autoHideMs={DRAFT_NOTICE_AUTO_HIDE_MS}
            onClose={() => setNotice(null)}
          />
        </Box>
      )}
      <ErrorNotice
        modal
        open={notice?.severity === 'error'}
        message={notice?.message}
        onClose={() => setNotice(null)}
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
      {conflict && (
        <LazyPartBoundary fallback={dialogFailed}>
          <VersionConflictDialog
            conflict={{
              mine: conflict.mine,
              theirs: { ...savedVersion(conflict.theirs), savedAt: conflict.theirs.updatedAt },
            }}
            onKeepMine={keepMine}
            onKeepTheirs={keepTheirs}
          />
        </LazyPartBoundary>
      )}
      {historyOpen && saved.current && (
        <LazyPartBoundary fallback={(retry) => <LazyPartFailed onRetry={retry} />}>
          <MemoryHistoryDialog
            memory={saved.current}
            onClose={() => setHistoryOpen(false)}
            restoreBlockedReason={hasUnsavedChanges() ? RESTORE_BLOCKED_MESSAGE : undefined}
            onRestored={(restored) => {
              setHistoryOpen(false);
              onRestored(restored);
            }}
          />
        </LazyPartBoundary>
      )}
    </Container>
  );
}
