import { createContext, useContext } from 'react';

const EditorRehearsalContext = createContext(false);

/** Marks the editor page rendered as a rehearsal (see EditorPageRehearsal): it asks the server for nothing. */
export const EditorRehearsalProvider = EditorRehearsalContext.Provider;

/** Whether this editor page is a rehearsal, rendered out of sight before the page is first opened. */
export function useIsRehearsal(): boolean {
  return useContext(EditorRehearsalContext);
}
