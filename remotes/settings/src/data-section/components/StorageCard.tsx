import type { StorageUsage } from '@memories/contracts';
import { uploadsApi, type UploadsApi } from '@memories/web-api-client';
import { ErrorNotice, LoadingIndicator } from '@memories/web-ui';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { storageSummary, usedShare } from '../utils/storage-summary';

export interface StorageCardProps {
  api?: Pick<UploadsApi, 'usage'>;
}

/** "Storage": what your images and waiting import archives take, against your quota if you have one. */
export function StorageCard({ api = uploadsApi }: StorageCardProps) {
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    api.usage().then(setUsage, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [api]);
  const share = usage ? usedShare(usage) : null;
  return (
    <SettingsCard title="Storage">
      {failure && <ErrorNotice message={failure} onClose={() => setFailure(null)} />}
      {!usage && !failure && <LoadingIndicator label="Loading your storage..." />}
      {usage && (
        <Stack spacing={1} data-testid="storage-usage">
          <Typography>{storageSummary(usage)}</Typography>
          {share !== null && (
            <LinearProgress
              variant="determinate"
              value={share * 100}
              color={share >= 0.9 ? 'warning' : 'primary'}
              aria-label="Storage used"
            />
          )}
        </Stack>
      )}
    </SettingsCard>
  );
}
