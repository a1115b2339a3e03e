import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { ShownImage } from '../image-source';

export interface GalleryViewerDialogProps {
  images: readonly string[];
  /** Position of the image shown, 0-based. */
  index: number;
  /** Focus goes back to the thumbnail of the image last shown (done by the gallery). */
  onClose: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onDownload: (index: number) => void;
  /** Present only when the gallery is editable. */
  onRemove?: (index: number) => void;
}

const onDark = { color: 'common.white', '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' } } as const;

/** The full-screen image viewer: Esc closes, arrow keys and buttons go to the previous/next image, wrapping. */
export function GalleryViewerDialog({
  images,
  index,
  onClose,
  onPrevious,
  onNext,
  onDownload,
  onRemove,
}: GalleryViewerDialogProps) {
  const titleId = useId();
  const total = images.length;
  const position = index + 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') onPrevious();
    else if (event.key === 'ArrowRight') onNext();
    else return;
    event.preventDefault();
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      // The gallery returns focus itself: the thumbnail that opened the viewer may not be the image last shown.
      disableRestoreFocus
      // An image viewer is dark in both colour modes, so every image is seen against the same neutral backdrop.
      slotProps={{ paper: { sx: { bgcolor: '#0b0f19', color: 'common.white', backgroundImage: 'none' } } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Attachments
        </Typography>
        {/* The spec's counter "n / total" (position counted from 1). */}
        <Typography aria-live="polite">{`${position} / ${total}`}</Typography>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton aria-label={`Download image ${position}`} onClick={() => onDownload(index)} sx={onDark}>
          <DownloadIcon />
        </IconButton>
        {onRemove && (
          <IconButton aria-label={`Remove image ${position}`} onClick={() => onRemove(index)} sx={onDark}>
            <DeleteOutlineIcon />
          </IconButton>
        )}
        <IconButton aria-label="Close" onClick={onClose} sx={onDark}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box
        sx={{
          position: 'relative',
          flexGrow: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 1, sm: 9 },
          pb: 2,
        }}
      >
        <ShownImage
          src={images[index]}
          alt={`Image ${position} of ${total}`}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
        {total > 1 && (
          <>
            <IconButton
              aria-label="Previous image"
              onClick={onPrevious}
              size="large"
              sx={{
                ...onDark,
                position: 'absolute',
                left: { xs: 4, sm: 16 },
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'rgba(0, 0, 0, 0.45)',
              }}
            >
              <ChevronLeftIcon fontSize="large" />
            </IconButton>
            <IconButton
              aria-label="Next image"
              onClick={onNext}
              size="large"
              sx={{
                ...onDark,
                position: 'absolute',
                right: { xs: 4, sm: 16 },
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'rgba(0, 0, 0, 0.45)',
              }}
            >
              <ChevronRightIcon fontSize="large" />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}
