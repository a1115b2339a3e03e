import { imageExtensionOf } from '@memories/contracts';
import { uploadsApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import { LazyPartBoundary, UserAvatar, lazyPart, unavailableButton } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { cropToSquare, type PixelArea } from '../utils/crop-image';

// The cropper (react-easy-crop) loads only when a picture is chosen.
const AvatarCropDialog = lazyPart(() => import('./AvatarCropDialog').then(({ AvatarCropDialog }) => AvatarCropDialog));

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The profile picture: pick an image, crop it square in the browser, and it is uploaded like any image (a grant from
 * the upload service, then the bytes) and saved on the profile at once; the picture it replaces is deleted by the
 * server. Shown wherever the avatar is: the top bar, the tab bar, the profile, the share dialog and "Shared by".
 */
export function ProfilePictureCard() {
  const { user, updateProfile } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setOutcome({ severity: 'error', message: 'Choose an image file for your picture.' });
      return;
    }
    setOutcome(null);
    setSource(URL.createObjectURL(file));
  };

  const save = async (run: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await run();
      setOutcome({ severity: 'success', message });
      setSource(null);
    } catch (failure) {
      setOutcome({ severity: 'error', message: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const use = (area: PixelArea) =>
    save(async () => {
      const picture = await cropToSquare(source ?? '', area);
      const grant = await uploadsApi.presignedUrl(`profile-picture.${imageExtensionOf(picture.type)}`, picture.type, {
        fileSize: picture.size,
      });
      await uploadsApi.putFile(grant.uploadUrl, picture, picture.type);
      await updateProfile({ profileImageUrl: grant.fileUrl });
    }, 'Your new picture has been saved.');

  return (
    <SettingsCard title="Picture">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <UserAvatar name={user?.name} email={user?.email} imageUrl={user?.profileImageUrl} size={96} />
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            Only you and the people you share with (or who share with you) can see it.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" {...unavailableButton(busy, () => input.current?.click())}>
              {user?.profileImageUrl ? 'Change picture' : 'Add a picture'}
            </Button>
            {user?.profileImageUrl && (
              <Button
                color="error"
                {...unavailableButton(
                  busy,
                  () => void save(() => updateProfile({ profileImageUrl: null }), 'Your picture has been removed.'),
                )}
              >
                Remove picture
              </Button>
            )}
          </Stack>
        </Stack>
        <input ref={input} type="file" accept="image/*" hidden onChange={pick} data-testid="profile-picture-input" />
      </Stack>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {outcome.message}
        </Alert>
      )}
      {source && (
        <LazyPartBoundary>
          <AvatarCropDialog
            source={source}
            busy={busy}
            onCancel={() => setSource(null)}
            onConfirm={(area) => void use(area)}
          />
        </LazyPartBoundary>
      )}
    </SettingsCard>
  );
}
