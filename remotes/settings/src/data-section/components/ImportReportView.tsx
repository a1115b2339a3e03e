import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportJobReport } from '@memories/contracts';

/**
 * The final report of an import: what came in, what was there already, what could not, and why; and who its memories
 * were shared with again.
 */
export function ImportReportView({ report }: { report: ImportJobReport }) {
  const summary = `${report.imported} imported, ${report.skipped} already in your journal, ${report.failed} could not be imported.`;
  return (
    <Stack spacing={1} data-testid="import-report">
      <Alert
        severity={
          report.status === 'failed' ? 'error' : report.failed > 0 || report.errors.length > 0 ? 'warning' : 'success'
        }
        role="status"
      >
        {report.status === 'failed'
          ? `The import of ${report.fileName} stopped. ${summary}`
          : `Import of ${report.fileName} finished: ${summary}`}
      </Alert>
      {report.restoredShares.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4">
            Shared again
          </Typography>
          <List dense aria-label="Shared again" data-testid="import-restored-shares">
            {report.restoredShares.map((share) => (
              <ListItem key={share.email}>
                <ListItemText
                  primary={share.email}
                  secondary={`${share.memories} ${share.memories === 1 ? 'memory' : 'memories'}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {report.errors.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4">
            Notes on single entries
          </Typography>
          <List
            dense
            aria-label="Notes on single entries"
            sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {report.errors.map((issue, index) => (
              <ListItem key={`${issue.entry}-${index}`}>
                <ListItemText
                  primary={issue.entry}
                  secondary={issue.message}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
