import type { Memory } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { ErrorNotice, LoadingIndicator } from '@memories/web-ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import { MemoryEditorForm } from './MemoryEditorForm';
import { useMemoryToEdit } from './hooks/useMemoryToEdit';

/**
 * /memory/create and /memory/edit/:id (exposed as `editor/EditorPage`). The form is keyed by the memory it edits,
 * except that a new memory's first save moves the URL to /memory/edit/{id} while the same form (with its editor,
 * selection and undo history) stays mounted.
 */
export function EditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  // The memory this page created, and the history entry it was created from (until the URL has moved to it).
  const [created, setCreated] = useState<{ id: string; fromLocation: string } | null>(null);
  // A new form for every visit to /memory/create after a memory was created here.
  const [newForms, setNewForms] = useState(0);
  const [loadErrorSeen, setLoadErrorSeen] = useState(false);

  if (created && id !== created.id && location.key !== created.fromLocation) {
    setCreated(null);
    setNewForms((count) => count + 1);
  }
  const ownNewMemory = created !== null;
  const handedOver = (location.state as { memory?: Memory } | null)?.memory;
  const { memory, error } = useMemoryToEdit(ownNewMemory ? undefined : id, handedOver);
  const heading = id ? 'Edit Memory' : 'Create New Memory';

  const onSaved = (saved: Memory) => {
    if (!id) setCreated({ id: saved.id, fromLocation: location.key });
    // The history entry carries the saved memory, so a reload or a return here never starts from an older copy.
    void navigate(`/memory/edit/${saved.id}`, { replace: true, state: { memory: saved } });
  };

  if (id && !ownNewMemory && !memory) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }} data-testid="remote-editor">
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
          {heading}
        </Typography>
        {error === null ? (
          <LoadingIndicator />
        ) : (
          <>
            <ErrorNotice modal open={!loadErrorSeen} message={error} onClose={() => setLoadErrorSeen(true)} />
            <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
              My Memories
            </Button>
          </>
        )}
      </Container>
    );
  }

  return (
    <MemoryEditorForm
      key={ownNewMemory || !id ? `new:${newForms}` : `edit:${id}`}
      memory={ownNewMemory ? null : memory}
      userId={user?.id ?? 'anonymous'}
      heading={heading}
      onSaved={onSaved}
    />
  );
}
