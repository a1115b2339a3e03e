import { SettingsSection } from '../settings-page/components/SettingsSection';
import { ExportCard } from './components/ExportCard';
import { ImportCard } from './components/ImportCard';

/** /settings/data ("Your data"): export the whole journal, import from Memories, Day One or Markdown. */
export function DataSection() {
  return (
    <SettingsSection title="Your data" description="Take your journal with you, or bring one in.">
      <ExportCard />
      <ImportCard />
    </SettingsSection>
  );
}
