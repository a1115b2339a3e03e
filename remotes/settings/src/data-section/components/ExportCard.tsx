import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorNotice, unavailableButton } from '@memories/web-ui';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { countOf } from '../../settings-page/utils/count-of';
import { useJournalExport } from '../hooks/useJournalExport';
import { formatBytes } from '../utils/format-bytes';

/** "Export your journal": the whole journal as one ZIP, with the export's progress while the browser downloads it. */
export function ExportCard() {
  const { state, start } = useJournalExport();
  const busy = state.phase === 'starting' || state.phase === 'running';
  return (
    <SettingsCard title="Export your journal">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          One ZIP with everything you wrote: memories.json (complete, to import again here or elsewhere), one Markdown
          file per memory that any app can open, and every image.
        </Typography>
        <div>
          <Button variant="contained" startIcon={<DownloadIcon />} {...unavailableButton(busy, start)}>
            Export my data
          </Button>
        </div>
        {state.phase === 'starting' && <LinearProgress aria-label="Preparing your export" />}
        {(state.phase === 'running' || state.phase === 'done' || state.phase === 'failed') && (
          <Stack spacing={1}>
            <LinearProgress
              variant={state.progress.memoriesTotal > 0 ? 'determinate' : 'indeterminate'}
              value={
                state.progress.memoriesTotal > 0
                  ? (100 * state.progress.memoriesWritten) / state.progress.memoriesTotal
                  : undefined
              }
              color={state.phase === 'failed' ? 'error' : state.phase === 'done' ? 'success' : 'primary'}
              aria-label="Export progress"
            />
            <Typography role="status" variant="body2">
              {state.phase === 'done'
                ? `Export complete: ${countOf(state.progress.memoriesWritten, 'memory', 'memories')}, ${formatBytes(state.progress.bytesWritten)}. Your browser has saved the file.`
                : `${state.progress.memoriesWritten} of ${countOf(state.progress.memoriesTotal, 'memory', 'memories')}, ${formatBytes(state.progress.bytesWritten)} so far…`}
            </Typography>
          </Stack>
        )}
        {state.phase === 'failed' && (
          <Alert severity="error">
            The export stopped before it was complete, so the downloaded file is not a whole archive. Delete it and
            export again.
          </Alert>
        )}
        {state.phase === 'error' && <ErrorNotice title="Export failed" message={state.message} />}
      </Stack>
    </SettingsCard>
  );
}
