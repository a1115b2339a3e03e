import AddIcon from '@mui/icons-material/Add';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Memory } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { UserAvatar } from '@memories/web-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListError } from '../components/ListError';
import { ViewModeToggle, type ViewMode } from '../components/ViewModeToggle';
import { WritingInsights } from '../insights/WritingInsights';
import { formatMonth, monthOf } from '../utils/calendar.util';
import { localDay } from '../utils/local-day.util';
import { ProfileMemoryGrid } from './components/ProfileMemoryGrid';
import { useProfileMemories } from './hooks/useProfileMemories';
import { profileName } from './utils/profile-name.util';

type ProfileTab = 'published' | 'drafts' | 'shared';

const emptyStates: Record<ProfileTab, { title: string; hint: string }> = {
  published: { title: 'No published memories yet', hint: 'Share your first memory with the world' },
  drafts: { title: 'No drafts yet', hint: 'Save memories as drafts to see them here' },
  shared: { title: 'No shared memories yet', hint: 'Memories that others share with you will appear here' },
};

/** /profile (exposed as `memories/ProfilePage`): the spec's "Profile" section. */
export function ProfilePage() {
  const { user } = useSession();
  const memories = useProfileMemories();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ProfileTab>('published');
  const [view, setView] = useState<ViewMode>('grid');

  const ready = memories.status === 'ready';
  const mine = ready ? memories.mine : [];
  const lists: Record<ProfileTab, Memory[]> = {
    published: mine.filter((memory) => !memory.isDraft),
    drafts: mine.filter((memory) => memory.isDraft),
    shared: ready ? memories.shared : [],
  };
  const counts = [
    { label: 'Memories', value: ready ? memories.totalMine : null },
    { label: 'Published', value: ready ? lists.published.length : null },
    { label: 'Drafts', value: ready ? lists.drafts.length : null },
    { label: 'Shared', value: ready ? lists.shared.length : null },
  ];
  const shown = lists[tab];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-memories">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <UserAvatar name={user?.name} email={user?.email} imageUrl={user?.profileImageUrl} size={96} />
          <Box sx={{ flex: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: { xs: 'center', sm: 'flex-start' } }}
            >
              <Typography variant="h4" component="h1" noWrap>
                {profileName(user)}
              </Typography>
              <IconButton aria-label="Settings" component={Link} to="/settings">
                <SettingsIcon />
              </IconButton>
            </Stack>
            <Typography color="text.secondary">{user?.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              Joined {formatMonth(monthOf(localDay()))}
            </Typography>
            <Stack
              direction="row"
              spacing={3}
              sx={{ my: 2, justifyContent: { xs: 'center', sm: 'flex-start' } }}
              data-testid="profile-counts"
            >
              {counts.map((count) => (
                <Box key={count.label} sx={{ textAlign: 'center' }}>
                  <Typography sx={{ fontWeight: 700 }}>
                    {count.value ?? <Skeleton width={24} sx={{ mx: 'auto' }} />}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {count.label}
                  </Typography>
                </Box>
              ))}
            </Stack>
            <Button variant="outlined" component={Link} to="/settings/account">
              Edit Profile
            </Button>
          </Box>
        </Stack>
      </Paper>

      <WritingInsights />

      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tabs
          value={tab}
          onChange={(_event, value: ProfileTab) => setTab(value)}
          variant="scrollable"
          aria-label="Profile memories"
        >
          <Tab value="published" label={`Published (${lists.published.length})`} />
          <Tab value="drafts" label={`Drafts (${lists.drafts.length})`} />
          <Tab value="shared" label={`Shared (${lists.shared.length})`} />
        </Tabs>
        <ViewModeToggle value={view} onChange={setView} />
      </Stack>

      {tab !== 'shared' && (
        <Button component={Link} to="/memory/create" variant="contained" startIcon={<AddIcon />} sx={{ mb: 2 }}>
          Create Memory
        </Button>
      )}

      {memories.status === 'loading' && <Skeleton variant="rounded" height={200} data-testid="profile-loading" />}
      {memories.status === 'error' && <ListError message={memories.message} />}
      {ready && shown.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="h2">
            {emptyStates[tab].title}
          </Typography>
          <Typography color="text.secondary">{emptyStates[tab].hint}</Typography>
        </Box>
      )}
      {ready && shown.length > 0 && (
        <ProfileMemoryGrid
          memories={shown}
          view={view}
          showSharedBy={tab === 'shared'}
          onOpen={(memory) => navigate(`/memory/${memory.id}`, { state: { memory } })}
        />
      )}
    </Container>
  );
}
