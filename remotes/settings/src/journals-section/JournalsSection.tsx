import { SettingsSection } from '../settings-page/components/SettingsSection';
import { JournalsCard } from './components/JournalsCard';
import { LockSettingsCard } from './components/LockSettingsCard';

/** /settings/journals: the person's journals, shared journals and locked journals. */
export function JournalsSection() {
  return (
    <SettingsSection title="Journals" description="Organise, share and lock your memories by journal.">
      <JournalsCard />
      <LockSettingsCard />
    </SettingsSection>
  );
}
