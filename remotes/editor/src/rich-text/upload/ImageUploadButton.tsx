import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef } from 'react';
import { ToolbarButton } from '../toolbar/ToolbarButton';
import type { ImageUploads } from './useImageUploads';

export interface ImageUploadButtonProps {
  /** The editor's uploads (`useImageUploads`). */
  uploads: ImageUploads;
}

/** "Upload Image": a hidden multi-file picker (images only) and a progress spinner while files are sent. */
export function ImageUploadButton({ uploads: { state, upload } }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const percent = Math.round(state.progress * 100);
  const label = state.uploading > 0 ? `Upload Image (uploading ${state.uploading}, ${percent}%)` : 'Upload Image';

  return (
    <>
      <ToolbarButton label={label} onClick={() => input.current?.click()}>
        {state.uploading > 0 ? (
          <Box component="span" sx={{ display: 'inline-flex' }}>
            <CircularProgress
              size={20}
              variant={percent > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label={`Uploading ${state.uploading} ${state.uploading === 1 ? 'image' : 'images'}`}
            />
          </Box>
        ) : (
          <AddPhotoAlternateIcon fontSize="small" />
        )}
      </ToolbarButton>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="image-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that picking the same file again still fires a change.
          event.target.value = '';
          void upload(files);
        }}
      />
      <Box
        component="span"
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {state.uploading > 0 ? `Uploading ${state.uploading} ${state.uploading === 1 ? 'image' : 'images'}` : ''}
      </Box>
    </>
  );
}
