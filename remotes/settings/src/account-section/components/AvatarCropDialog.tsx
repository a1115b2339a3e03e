import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { PixelArea } from '../utils/crop-image';

export interface AvatarCropDialogProps {
  /** An object URL of the picked file. */
  source: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: PixelArea) => void;
}

/**
 * Choose the square of the picture to keep: drag (or the arrow keys) to move it, pinch, scroll or the slider to zoom
 * (react-easy-crop does the interaction; the crop itself happens in cropToSquare).
 */
export function AvatarCropDialog({ source, busy, onCancel, onConfirm }: AvatarCropDialogProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="avatar-crop-title"
      data-testid="avatar-crop-dialog"
    >
      <DialogTitle id="avatar-crop-title">Crop your picture</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Drag or use the arrow keys to move the picture, and zoom to fit it in the circle.
        </Typography>
        <div
          style={{
            position: 'relative',
            width: '100%',
            aspectRatio: '1',
            background: '#222',
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
          />
        </div>
        <Slider
          aria-label="Zoom"
          value={zoom}
          min={1}
          max={3}
          step={0.05}
          onChange={(_event, value) => setZoom(value as number)}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || area === null} onClick={() => area && onConfirm(area)}>
          {busy ? 'Saving...' : 'Use this picture'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
