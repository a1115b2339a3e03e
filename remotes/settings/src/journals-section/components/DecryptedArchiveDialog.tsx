import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Journal } from '@memories/contracts';
import { makeDecryptedArchive, type DecryptedArchiveProgress } from '@memories/web-journals';
import { ConfirmDialog, saveBlob } from '@memories/web-ui';
import { useState } from 'react';

export interface DecryptedArchiveDialogProps {
  journal: Journal;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * Downloads a locked journal, unlocked in this tab, as an archive of its memories decrypted: what it is, then the
 * memories opened one by one with how far it has come, then the browser's own download.
 */
export function DecryptedArchiveDialog({ journal, onDone, onCancel }: DecryptedArchiveDialogProps) {
  const [progress, setProgress] = useState<DecryptedArchiveProgress | null>(null);
  const [error, setError] = useState<string>();
  const download = async () => {
    setError(undefined);
    setProgress({ done: 0, total: journal.memoryCount });
    try {
      const archive = await makeDecryptedArchive(journal, { onProgress: setProgress });
      saveBlob(archive.blob, archive.fileName);
      onDone(`“${journal.name}” was saved decrypted as ${archive.fileName}.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setProgress(null);
    }
  };
  return (
    <ConfirmDialog
      title={`Download “${journal.name}” decrypted`}
      message={
        'Every memory of this journal and its images, decrypted in this browser into Markdown files in one ZIP ' +
        'archive, which Import in Settings reads back. The server never sees it, but anyone who gets the file can ' +
        'read it: keep it somewhere only you can open.'
      }
      confirmLabel={progress ? 'Decrypting…' : 'Download decrypted archive'}
      busy={progress !== null}
      error={error}
      onCancel={onCancel}
      onConfirm={() => void download()}
    >
      {progress && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total}
            aria-label="Decrypting the journal"
          />
          <Typography variant="body2" role="status">
            {`Decrypted ${progress.done} of ${progress.total} ${progress.total === 1 ? 'memory' : 'memories'}`}
          </Typography>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
