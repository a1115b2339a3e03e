import { LazyPartBoundary, lazyPart } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { sharedPhotosWaitingMessage } from '../starter/useSharedItemPlacement';

// The prompt panel (MUI's select and menu) loads when the person first asks for a prompt.
const PromptHelper = lazyPart(() => import('./PromptHelper').then(({ PromptHelper }) => PromptHelper));

export interface ContentHeadingProps {
  /** Puts the chosen prompt into the document as a heading. */
  onInsertPrompt: (text: string) => void;
  /** Shared photos kept on this device until the connection returns (0: none). */
  sharedPhotosWaiting: number;
}

/** The content field's label, "Need a prompt?" and its panel, and what still waits to be placed in the memory. */
export function ContentHeading({ onInsertPrompt, sharedPhotosWaiting }: ContentHeadingProps) {
  const [promptOpen, setPromptOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setPromptOpen(false);
    // The button comes back where the panel was: keyboard focus returns to it rather than to the page's start.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="p">
          Content *
        </Typography>
        {!promptOpen && (
          <Button size="small" ref={opener} aria-expanded={false} onClick={() => setPromptOpen(true)}>
            Need a prompt?
          </Button>
        )}
      </Box>
      {promptOpen && (
        <Box sx={{ mb: 1.5 }}>
          <LazyPartBoundary>
            <PromptHelper
              onClose={close}
              onInsert={(text) => {
                setPromptOpen(false);
                onInsertPrompt(text);
              }}
            />
          </LazyPartBoundary>
        </Box>
      )}
      {sharedPhotosWaiting > 0 && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {sharedPhotosWaitingMessage(sharedPhotosWaiting)}
        </Alert>
      )}
    </>
  );
}
