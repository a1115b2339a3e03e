import { useState } from 'react';
import { LazyPartBoundary, LazyPartFailed, lazyPart } from './lazy-part';

export interface UnderConstructionDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is not built yet, e.g. the contact feature's sentence from the spec. */
  message: string;
}

// MUI's Dialog (modal, portal, focus trap, transitions) is only fetched when a notice is first opened.
const DialogContent = lazyPart(() =>
  import('./UnderConstructionDialogContent').then(
    ({ UnderConstructionDialogContent }) => UnderConstructionDialogContent,
  ),
);

/** The spec's placeholder notice for features that only announce themselves (Contact, Forgot password, ...). */
export function UnderConstructionDialog(props: UnderConstructionDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  // Without the dialog's code (a dropped network), the notice's own words in place, rather than losing the page;
  // Retry, or opening it again, tries the code again.
  return (
    <LazyPartBoundary
      fallback={(retry) => (props.open ? <LazyPartFailed message={props.message} onRetry={retry} /> : null)}
      retryKey={props.open}
    >
      <DialogContent {...props} />
    </LazyPartBoundary>
  );
}
