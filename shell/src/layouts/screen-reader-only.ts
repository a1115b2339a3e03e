/** Below sm, read by screen readers only: a 360 px top bar keeps its icons and buttons, not their labels. */
export const onlyForScreenReadersBelowSm = {
  display: 'block',
  '@media (max-width: 599.95px)': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;
