import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { ErrorNotice, unavailableButton } from '@memories/web-ui';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { useArchiveImport } from '../hooks/useArchiveImport';
import { ImportReportView } from './ImportReportView';

/** "Import": an archive from Memories, Day One or Markdown files, with upload and import progress, then the report. */
export function ImportCard() {
  const input = useRef<HTMLInputElement>(null);
  const { state, start } = useArchiveImport();
  const busy = state.phase === 'uploading' || state.phase === 'importing';
  const report = state.phase === 'importing' ? state.report : undefined;
  return (
    <SettingsCard title="Import">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Bring in a Memories export, a Day One JSON export (ZIP) or a ZIP of Markdown files, such as Memos&apos;
          Markdown export. Memories keep their own dates. Importing the same archive again adds nothing twice.
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void start(file);
          }}
        />
        <div>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            {...unavailableButton(busy, () => input.current?.click())}
          >
            Choose a ZIP to import
          </Button>
        </div>
        {state.phase === 'uploading' && (
          <Stack spacing={1}>
            <LinearProgress variant="determinate" value={state.fraction * 100} aria-label="Upload progress" />
            <Typography role="status" variant="body2">
              Uploading the archive… {Math.round(state.fraction * 100)}%
            </Typography>
          </Stack>
        )}
        {state.phase === 'importing' && (
          <Stack spacing={1}>
            <LinearProgress
              variant={report && report.total > 0 ? 'determinate' : 'indeterminate'}
              value={
                report && report.total > 0
                  ? (100 * (report.imported + report.skipped + report.failed)) / report.total
                  : undefined
              }
              aria-label="Import progress"
            />
            <Typography role="status" variant="body2">
              {report && report.total > 0
                ? `Importing… ${report.imported + report.skipped + report.failed} of ${report.total} entries`
                : 'Reading the archive…'}
            </Typography>
          </Stack>
        )}
        {state.phase === 'finished' && <ImportReportView report={state.report} />}
        {state.phase === 'error' && <ErrorNotice title="Import refused" message={state.message} />}
      </Stack>
    </SettingsCard>
  );
}
