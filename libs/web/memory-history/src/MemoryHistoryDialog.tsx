import type { Memory, MemoryVersionSummary, RestoredMemoryVersion } from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { LockedMemoryNotice, useOpenedMemory } from '@memories/web-journals';
import { LoadingIndicator, useScreenBelow } from '@memories/web-ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { TextComparison } from './TextComparison';
import { useOpenedVersion } from './useOpenedVersion';
import { useVersion } from './useVersion';
import { useVersionList } from './useVersionList';
import { formatVersionTime, otherChanges, replacedByLabel, wordDeltaLabel } from './version-changes.util';

export interface MemoryHistoryDialogProps {
  /**
   * The memory as it is now (its title, its last save and word count head the list). A locked one may come as loaded
   * or already opened: the dialog opens it itself with its journal's key, and shuts it when the journal locks.
   */
  memory: Memory;
  onClose: () => void;
  /**
   * Said instead of offering "Restore this version" (the editor holds unsaved changes that a restore would replace).
   */
  restoreBlockedReason?: string;
  /** After a restore: the memory as it now is, the server's message, and the version that undoes it. */
  onRestored: (restored: RestoredMemoryVersion & { message?: string }) => void;
}

/** Said of a version of a locked memory in the list: the server cannot tell its words, only when and how it was kept. */
const LOCKED_VERSION = 'Locked version';

function describe(version: MemoryVersionSummary): string {
  return [
    version.sealed ? LOCKED_VERSION : wordDeltaLabel(version.wordCountDelta),
    version.isDraft ? 'Draft' : 'Published',
    replacedByLabel(version.replacedBy),
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** The chosen version: what differs from the current memory, and "Restore this version". */
function VersionDetail({
  memory,
  versionId,
  restoreBlockedReason,
  onRestored,
}: {
  /** The memory as this tab opened it. */
  memory: Memory;
  versionId: string;
  restoreBlockedReason?: string;
  onRestored: MemoryHistoryDialogProps['onRestored'];
}) {
  const memoryId = memory.id;
  const { version: loaded, error } = useVersion(memoryId, versionId);
  // Compared only once opened: a locked version's empty fields are not its text, and its ciphertext is never shown.
  const opened = useOpenedVersion(loaded, memory);
  const version = opened?.status === 'open' ? opened.version : null;
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (version) heading.current?.focus();
  }, [version]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!opened) return <LoadingIndicator label="Loading this version..." />;
  // Restore is offered only for a version that opened with this journal's key: one sealed elsewhere never comes back.
  if (opened.status !== 'open') return <LockedMemoryNotice opened={opened} />;
  if (!version) return null;
  const changes = otherChanges(version, version.current);
  const restore = async () => {
    setRestoring(true);
    setRestoreError(null);
    try {
      onRestored(await memoryVersionsApi.restore(memoryId, version.id));
    } catch (failure) {
      setRestoreError(failure instanceof Error ? failure.message : String(failure));
      setRestoring(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h3" sx={{ flexGrow: 1, outline: 'none' }}>
          Version of {formatVersionTime(version.savedAt)}
        </Typography>
        {!restoreBlockedReason && (
          <Button variant="contained" startIcon={<RestoreIcon />} disabled={restoring} onClick={() => void restore()}>
            Restore this version
          </Button>
        )}
      </Stack>
      {restoreBlockedReason && <Alert severity="info">{restoreBlockedReason}</Alert>}
      {restoreError && <Alert severity="error">{restoreError}</Alert>}
      {changes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Other changes">
          {changes.map((change) => (
            <Typography component="li" variant="body2" key={change}>
              {change}
            </Typography>
          ))}
        </Box>
      )}
      <TextComparison current={version.current.contentText} version={version.contentText} />
    </Stack>
  );
}

/**
 * A memory's history for its owner: the kept versions (newest first, with their time and word-count change), the
 * chosen one compared with the current text, and "Restore this version". Side by side on wide screens; on a phone the
 * list, then the chosen version with a way back.
 */
export function MemoryHistoryDialog({
  memory: given,
  onClose,
  restoreBlockedReason,
  onRestored,
}: MemoryHistoryDialogProps) {
  const narrow = useScreenBelow('md');
  const opened = useOpenedMemory(given);
  // Null while a locked memory cannot be read in this tab: nothing of it, its title included, is shown until then.
  const memory = opened?.status === 'open' ? opened.memory : null;
  const { versions, loading, error, hasMore, loadMore } = useVersionList(given.id);
  const [selected, setSelected] = useState<string | null>(null);
  const titleId = useId();
  const showList = !narrow || selected === null;
  const showDetail = !narrow || selected !== null;
  const newest = versions[0];
  const currentDelta = memory && newest && !newest.sealed ? memory.wordCount - newest.wordCount : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={narrow}
      aria-labelledby={titleId}
      data-testid="memory-history"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {memory ? `History of “${memory.title}”` : 'History of a locked memory'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: { xs: 1.5, sm: 3 } }}>
        {opened && opened.status !== 'open' && <LockedMemoryNotice opened={opened} />}
        {memory && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ minHeight: { md: 420 } }}>
            {showList && (
              <Box component="nav" aria-label="Versions" sx={{ width: { md: 300 }, flexShrink: 0 }}>
                <List dense disablePadding>
                  <ListItem divider>
                    <ListItemText
                      primary="Current version"
                      secondary={[formatVersionTime(memory.updatedAt), wordDeltaLabel(currentDelta)]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                  {versions.map((version) => (
                    <ListItem key={version.id} disablePadding>
                      <ListItemButton
                        selected={version.id === selected}
                        aria-current={version.id === selected ? 'true' : undefined}
                        onClick={() => setSelected(version.id)}
                      >
                        <ListItemText primary={formatVersionTime(version.savedAt)} secondary={describe(version)} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                {loading && <LoadingIndicator label="Loading the history..." />}
                {error && <Alert severity="error">{error}</Alert>}
                {!loading && !error && versions.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                    No earlier versions yet. Each save that changes this memory keeps the version before it here.
                  </Typography>
                )}
                {hasMore && !loading && (
                  <Button onClick={loadMore} sx={{ mt: 1 }}>
                    Show older versions
                  </Button>
                )}
              </Box>
            )}
            {showDetail && (
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                {narrow && (
                  <Button startIcon={<ArrowBackIcon />} onClick={() => setSelected(null)} sx={{ mb: 1 }}>
                    All versions
                  </Button>
                )}
                {selected === null ? (
                  <Typography variant="body2" color="text.secondary">
                    Choose a version to see how it differs from the current text, and to restore it. A restore is kept
                    in the history too, so it can be undone.
                  </Typography>
                ) : (
                  <VersionDetail
                    key={selected}
                    memory={memory}
                    versionId={selected}
                    restoreBlockedReason={restoreBlockedReason}
                    onRestored={onRestored}
                  />
                )}
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
