import { createRemoteComponent, createRemoteRegistry, moduleFederationRuntime } from '@memories/web-mf-runtime';
import { RUNTIME_REMOTE_LIST_PATH } from '@memories/contracts';
import type { AppPages } from './app-routes';

/** Every remote comes from the environment's /remotes.json; nothing about them is known at build time. */
const registry = createRemoteRegistry({ runtime: moduleFederationRuntime, listUrl: RUNTIME_REMOTE_LIST_PATH });

export const remotePages: AppPages = {
  LandingPage: createRemoteComponent(registry, 'landing', './LandingPage'),
  DashboardPage: createRemoteComponent(registry, 'memories', './DashboardPage'),
  ProfilePage: createRemoteComponent(registry, 'memories', './ProfilePage'),
  EditorPage: createRemoteComponent(registry, 'editor', './EditorPage'),
  TemplateEditorPage: createRemoteComponent(registry, 'editor', './TemplateEditorPage'),
  ViewerPage: createRemoteComponent(registry, 'viewer', './ViewerPage'),
  TimelinePage: createRemoteComponent(registry, 'memories', './TimelinePage'),
  SettingsPage: createRemoteComponent(registry, 'settings', './SettingsPage'),
};
