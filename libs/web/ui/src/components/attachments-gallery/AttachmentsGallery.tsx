import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useReducer, useRef } from 'react';

import { ShownImage, useImageSourceResolver } from '../image-source';
import { LazyPartBoundary, lazyPart } from '../lazy-part';
import { downloadImage } from './download-image';
import { GALLERY_VIEWER_CLOSED, galleryViewerReducer, visibleIndex } from './gallery-viewer-state';

// The full-screen viewer (MUI Dialog: modal, portal, focus trap) is only fetched when an image is first opened.
const GalleryViewerDialog = lazyPart(() =>
  import('./GalleryViewerDialog').then(({ GalleryViewerDialog }) => GalleryViewerDialog),
);

export interface AttachmentsGalleryProps {
  /** Image sources in the order they appear in the content, each once. */
  images: readonly string[];
  /** Offers removal (thumbnails and viewer) when true and `onRemove` is given. */
  editable?: boolean;
  onRemove?: (src: string) => void;
  /** Level of the "Attachments (count)" heading in the page's outline. */
  headingComponent?: 'h2' | 'h3';
}

const overlayButton = {
  bgcolor: 'rgba(15, 23, 42, 0.72)',
  color: 'common.white',
  '&:hover, &:focus-visible': { bgcolor: 'rgba(15, 23, 42, 0.9)' },
} as const;

/**
 * "Attachments (count)": the memory's images as a grid of thumbnails (2 columns on small screens, up to 5 on large),
 * each with a download button and, when editable, a remove button; a thumbnail opens the full-screen viewer.
 * Renders nothing when there are no images.
 */
export function AttachmentsGallery({
  images,
  editable = false,
  onRemove,
  headingComponent = 'h2',
}: AttachmentsGalleryProps) {
  const headingId = useId();
  const shownSource = useImageSourceResolver();
  // The image as it is shown: a locked journal's decrypted, never its ciphertext.
  const download = (src: string, position: number) => shownSource(src).then((shown) => downloadImage(shown, position));
  const [viewer, dispatch] = useReducer(galleryViewerReducer, GALLERY_VIEWER_CLOSED);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterChange = useRef<number | null>(null);
  const total = images.length;
  const shown = visibleIndex(viewer, total);
  const remove = editable && onRemove ? onRemove : undefined;

  // Focus follows the list: after a removal or closing the viewer, onto the thumbnail now at that position.
  useEffect(() => {
    const wanted = focusAfterChange.current;
    if (wanted === null) return;
    focusAfterChange.current = null;
    if (total > 0) thumbnails.current[Math.min(wanted, total - 1)]?.focus();
  });

  useEffect(() => {
    if (viewer.open && total === 0) dispatch({ type: 'close' });
  }, [viewer.open, total]);

  if (total === 0) return null;

  const closeViewer = () => {
    focusAfterChange.current = shown;
    dispatch({ type: 'close' });
  };
  const removeAt = (index: number, fromViewer: boolean) => {
    if (!fromViewer) focusAfterChange.current = index;
    remove?.(images[index]);
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component={headingComponent} variant="h6" sx={{ mb: 1.5 }}>
        {`Attachments (${total})`}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 1, sm: 1.5 },
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {images.map((src, index) => (
          <Box
            component="li"
            key={src}
            sx={{
              position: 'relative',
              aspectRatio: '1 / 1',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
            }}
          >
            <ButtonBase
              ref={(element: HTMLButtonElement | null) => {
                thumbnails.current[index] = element;
              }}
              aria-label={`Open image ${index + 1} of ${total}`}
              onClick={() => dispatch({ type: 'open', index })}
              sx={{
                width: '100%',
                height: '100%',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
              }}
            >
              <ShownImage
                src={src}
                alt=""
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
            <Box sx={{ position: 'absolute', top: 4, right: 4, display: 'flex', gap: 0.5 }}>
              <IconButton
                size="small"
                aria-label={`Download image ${index + 1}`}
                onClick={() => void download(src, index + 1)}
                sx={overlayButton}
              >
                <DownloadIcon fontSize="small" />
              </IconButton>
              {remove && (
                <IconButton
                  size="small"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => removeAt(index, false)}
                  sx={overlayButton}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {shown !== null && (
        <LazyPartBoundary retryKey={shown}>
          <GalleryViewerDialog
            images={images}
            index={shown}
            onClose={closeViewer}
            onPrevious={() => dispatch({ type: 'previous', total })}
            onNext={() => dispatch({ type: 'next', total })}
            onDownload={(index) => void download(images[index], index + 1)}
            onRemove={remove ? (index) => removeAt(index, true) : undefined}
          />
        </LazyPartBoundary>
      )}
    </Box>
  );
}
