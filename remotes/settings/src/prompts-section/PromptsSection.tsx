import { SettingsSection } from '../settings-page/components/SettingsSection';
import { MyPromptsCard } from './components/MyPromptsCard';
import { TemplateCard } from './components/TemplateCard';

/** /settings/prompts: what a new memory starts with (the template) and the person's own writing prompts. */
export function PromptsSection() {
  return (
    <SettingsSection
      title="Prompts & template"
      description="What a new memory starts with, and prompts of your own beside the built-in ones."
    >
      <TemplateCard />
      <MyPromptsCard />
    </SettingsSection>
  );
}
