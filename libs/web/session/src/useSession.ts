import { useContext, useSyncExternalStore } from 'react';
import { sessionStatus, type SessionState, type SessionStatus } from './session-state';
import type { SessionStore } from './session-store';
import { SessionStoreContext } from './session-store-context';

export interface SessionView extends SessionState {
  status: SessionStatus;
  login: SessionStore['login'];
  completeTwoFactorLogin: SessionStore['completeTwoFactorLogin'];
  loginWithPasskey: SessionStore['loginWithPasskey'];
  logout: SessionStore['logout'];
  updateProfile: SessionStore['updateProfile'];
}

/** The current session, re-rendering on every change, with the actions that change it. */
export function useSession(): SessionView {
  const store = useContext(SessionStoreContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    status: sessionStatus(state),
    login: store.login,
    completeTwoFactorLogin: store.completeTwoFactorLogin,
    loginWithPasskey: store.loginWithPasskey,
    logout: store.logout,
    updateProfile: store.updateProfile,
  };
}
