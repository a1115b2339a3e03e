import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { compareTexts } from './version-changes.util';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const marks = {
  onlyInVersion: {
    component: 'ins',
    label: 'only in this version',
    color: (theme: Theme) => alpha(theme.palette.success.main, 0.22),
  },
  onlyInCurrent: {
    component: 'del',
    label: 'only in the current text',
    color: (theme: Theme) => alpha(theme.palette.error.main, 0.18),
  },
} as const;

/** The legend's swatch and the highlighted words share one look. */
function Mark({ kind, children }: { kind: keyof typeof marks; children: string }) {
  const mark = marks[kind];
  return (
    <Box
      component={mark.component}
      sx={{
        bgcolor: mark.color,
        color: 'text.primary',
        textDecoration: kind === 'onlyInCurrent' ? 'line-through' : 'none',
        borderRadius: 0.5,
        px: 0.25,
      }}
    >
      {/* Screen readers do not announce ins/del: the change is said in words around it. */}
      <Box component="span" sx={visuallyHidden}>{`[${mark.label}: `}</Box>
      {children}
      <Box component="span" sx={visuallyHidden}>
        ]
      </Box>
    </Box>
  );
}

/** The version's text with what differs from the current text highlighted, and the legend of the highlights. */
export function TextComparison({ current, version }: { current: string; version: string }) {
  const parts = useMemo(() => compareTexts(current, version), [current, version]);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <span>
          <Mark kind="onlyInVersion">Added back by a restore</Mark>
        </span>
        <span>
          <Mark kind="onlyInCurrent">Taken away by a restore</Mark>
        </span>
      </Typography>
      {parts === undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The two texts differ too much to highlight every change. This is the version’s text.
        </Typography>
      )}
      <Typography
        component="div"
        data-testid="version-text"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}
      >
        {parts === undefined
          ? version
          : parts.map((part, index) =>
              part.kind === 'same' ? (
                <span key={index}>{part.text}</span>
              ) : (
                <Mark key={index} kind={part.kind}>
                  {part.text}
                </Mark>
              ),
            )}
      </Typography>
    </Box>
  );
}
