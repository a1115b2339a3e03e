import { useOutboxSummary } from '@memories/web-offline';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

import { onlyForScreenReadersBelowSm } from './screen-reader-only';

const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * The top bar's word on saves kept on this device (issue 20): how many wait to be sent, and a way to each one the
 * server refused (the memory changed elsewhere: the editor shows both versions to choose from). Nothing when nothing
 * waits; the status region stays, so a screen reader hears the count change.
 */
export function PendingSavesIndicator({ userId }: { userId: string }) {
  const { waiting, needChoice, refused } = useOutboxSummary(userId);
  const attention =
    needChoice.length > 0
      ? {
          saves: needChoice,
          text: `${changes(needChoice.length)} need${needChoice.length === 1 ? 's' : ''} your choice`,
        }
      : null;
  const failed = refused.length > 0 ? { saves: refused, text: `${changes(refused.length)} could not be sent` } : null;
  const open = attention ?? failed;

  return (
    <>
      <Box
        role="status"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          color: 'text.secondary',
          typography: 'body2',
          minWidth: 0,
        }}
      >
        {waiting > 0 && (
          <>
            <CloudUploadOutlinedIcon fontSize="small" aria-hidden />
            {/* The number beside the icon on phones, drawn by CSS: the region's text stays the one sentence. */}
            <Box
              component="span"
              aria-hidden
              sx={{ display: { sm: 'none' }, '&::after': { content: `"${waiting}"` } }}
            />
            <Box component="span" sx={onlyForScreenReadersBelowSm}>
              {`${changes(waiting)} waiting to be sent`}
            </Box>
          </>
        )}
      </Box>
      {open && (
        // The first of them opens in the editor; the others follow once it is settled.
        <Button
          component={RouterLink}
          to={`/memory/edit/${open.saves[0].memoryId}`}
          size="small"
          color="warning"
          variant="outlined"
          startIcon={<ErrorOutlineIcon />}
          aria-label={`${attention?.text ?? ''}${attention && failed ? ', ' : ''}${failed?.text ?? ''}: open ${open.saves[0].input.title || 'the memory'}`}
          sx={{ minWidth: 0, whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={onlyForScreenReadersBelowSm}>
            {open.text}
          </Box>
        </Button>
      )}
    </>
  );
}
