import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** One settings section: its heading (the page's second level), a line saying what it is for, then its parts. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Stack component="section" aria-labelledby="settings-section-title" spacing={2}>
      <div>
        <Typography id="settings-section-title" variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
      </div>
      {children}
    </Stack>
  );
}

export interface SettingsCardProps {
  title: string;
  children: ReactNode;
}

/** A group of related settings inside a section, such as "Password" or "Passkeys". */
export function SettingsCard({ title, children }: SettingsCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
