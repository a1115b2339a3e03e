import { SettingsSection } from '../settings-page/components/SettingsSection';
import { RemindersCard } from './components/RemindersCard';

/** /settings/reminders: when and how Memories reminds the person to write. */
export function RemindersSection() {
  return (
    <SettingsSection title="Reminders" description="A gentle nudge to write, at the hour you choose.">
      <RemindersCard />
    </SettingsSection>
  );
}
