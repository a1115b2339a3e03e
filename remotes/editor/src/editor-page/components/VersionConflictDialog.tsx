import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useId, useMemo, useRef, useState } from 'react';

import type { ConflictVersion } from '../utils/version-conflict.util';
import { differencesBetween, type TextPart } from '../utils/version-differences.util';

export interface VersionConflictDialogProps {
  /** The two versions to choose from, or null when there is no conflict. */
  conflict: { mine: ConflictVersion; theirs: ConflictVersion & { savedAt: string } } | null;
  /** Save the editor's version on top of the newer one. */
  onKeepMine: () => void;
  /** Load the newer version into the editor. */
  onKeepTheirs: () => void;
}

// The theme's colours are CSS variables (light and dark): a translucent warning colour reads in both.
const highlight = {
  bgcolor: 'rgba(var(--mui-palette-warning-mainChannel) / 0.3)',
  color: 'inherit',
  borderRadius: 0.5,
};

/** Full screen on a phone, a wide dialog elsewhere. */
const paperSx = {
  m: { xs: 0, sm: 4 },
  width: { xs: '100%' },
  maxWidth: { xs: '100%', sm: undefined },
  height: { xs: '100%', sm: 'auto' },
  maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
  borderRadius: { xs: 0, sm: 2.5 },
};

function Highlighted({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) =>
    part.changed ? (
      <Box component="mark" key={index} sx={highlight}>
        {part.text}
      </Box>
    ) : (
      part.text
    ),
  );
}

interface VersionColumnProps {
  heading: string;
  note: string;
  version: ConflictVersion;
  other: ConflictVersion;
  text: TextPart[];
  copiedMessage: string;
}

/** One side: its fields, its text (the words the other side lacks highlighted), and a way to copy it. */
function VersionColumn({ heading, note, version, other, text, copiedMessage }: VersionColumnProps) {
  const headingId = useId();
  const textRegion = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState('');
  const field = (label: string, value: string, otherValue: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:{' '}
      </Box>
      {value === otherValue ? value || '—' : <Highlighted parts={[{ text: value || '—', changed: true }]} />}
    </Typography>
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${version.title}\n\n${version.text}`);
      setStatus(copiedMessage);
    } catch {
      // No clipboard access (permission, insecure origin): select the text so the keyboard can copy it.
      const region = textRegion.current;
      if (region) window.getSelection()?.selectAllChildren(region);
      region?.focus();
      setStatus('The text is selected: copy it with Ctrl+C (⌘C on a Mac).');
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
      {field('Title', version.title, other.title)}
      {field('Date', version.date, other.date)}
      {field('Tags', version.tags.join(', '), other.tags.join(', '))}
      <Box
        ref={textRegion}
        role="region"
        aria-label={`Text of ${heading.toLowerCase()}`}
        tabIndex={0}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          overflowY: 'auto',
          maxHeight: { xs: '30vh', md: '45vh' },
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
          typography: 'body2',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <Highlighted parts={text} />
      </Box>
      <Box>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy text
        </Button>
        <Typography variant="body2" color="text.secondary" role="status" component="span" sx={{ ml: 1 }}>
          {status}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * A save found the memory changed elsewhere (another tab, another device). Nothing is lost: the editor still holds
 * this tab's text. Both versions show side by side, the words that differ highlighted; the user keeps either, and
 * can copy from both first. There is no dismissing it without a choice: auto-save stays paused until then.
 */
export function VersionConflictDialog({ conflict, ...choices }: VersionConflictDialogProps) {
  return conflict ? <ConflictChoice {...conflict} {...choices} /> : null;
}

function ConflictChoice({
  mine,
  theirs,
  onKeepMine,
  onKeepTheirs,
}: NonNullable<VersionConflictDialogProps['conflict']> & Omit<VersionConflictDialogProps, 'conflict'>) {
  const titleId = useId();
  const textId = useId();
  const { mineText, theirsText } = useMemo(() => differencesBetween(mine.text, theirs.text), [mine.text, theirs.text]);
  const savedAt = new Date(theirs.savedAt);

  return (
    <Dialog
      open
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableEscapeKeyDown
      slotProps={{ paper: { sx: paperSx } }}
    >
      <DialogTitle id={titleId}>This memory was changed elsewhere</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          A newer version was saved (in another tab or on another device) while you were editing, so your changes were
          not saved over it. Your text is still in the editor. Keep yours, keep the newer one, or copy what you need
          from either first. Highlighted words differ between the two.
        </DialogContentText>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <VersionColumn
            heading="Your version"
            note="Not saved yet"
            version={mine}
            other={theirs}
            text={mineText}
            copiedMessage="Your text was copied."
          />
          <VersionColumn
            heading="Newer version"
            note={`Saved ${format(savedAt, 'MMM d, yyyy')} at ${format(savedAt, 'HH:mm:ss')}`}
            version={theirs}
            other={mine}
            text={theirsText}
            copiedMessage="The newer text was copied."
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={onKeepTheirs}>
          Keep theirs
        </Button>
        <Button variant="contained" onClick={onKeepMine}>
          Keep mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
