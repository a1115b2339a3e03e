/** The app's icons in the sizes install prompts and stores ask for, rendered by shell/build/generate-app-icons.ts. */
export interface AppIcon {
  file: string;
  size: number;
  /** `maskable`: the platform may crop it to any shape; `apple-touch`: iOS's home screen; otherwise `any`. */
  purpose: 'any' | 'maskable' | 'apple-touch';
  /** Opaque square behind the drawing (the drawing's own indigo), for icons the platform crops. */
  background?: string;
}

export const APP_ICONS: readonly AppIcon[] = [
  { file: 'favicon-48.png', size: 48, purpose: 'any' },
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', background: '#4f46e5' },
  { file: 'apple-touch-icon-180.png', size: 180, purpose: 'apple-touch', background: '#4f46e5' },
];
