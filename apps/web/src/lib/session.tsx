import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  isSessionUser,
  SESSION_STORAGE_KEYS,
  TOKEN_VALIDATION_INTERVAL_MS,
  type SessionUser,
} from '@prumo/shared/auth';
import { configureApiClient } from './api-client';

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

export interface Session {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  login(token: string, user: SessionUser): void;
  /** Ends the session here and revokes the token on the server. */
  logout(): void;
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<Session | null>(null);

type State = Pick<Session, 'status' | 'token' | 'user'>;
const SIGNED_OUT: State = { status: 'unauthenticated', token: null, user: null };

function clearStoredSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEYS.token);
  localStorage.removeItem(SESSION_STORAGE_KEYS.user);
}

/**
 * Reads token and user from localStorage. Both must be there; a user that cannot be read clears
 * both. A stored session starts as 'loading' until the server confirms the token.
 */
function readStoredSession(): State {
  try {
    const token = localStorage.getItem(SESSION_STORAGE_KEYS.token);
    const storedUser = localStorage.getItem(SESSION_STORAGE_KEYS.user);
    if (!token || !storedUser) return SIGNED_OUT;
    const user: unknown = JSON.parse(storedUser);
    if (!isSessionUser(user)) throw new Error('usuário salvo em formato inválido');
    return { status: 'loading', token, user };
  } catch (error) {
    console.error('Erro ao ler a sessão salva', error);
    clearStoredSession();
    return SIGNED_OUT;
  }
}

/** Asks the server whether the token is still valid; a network failure is not an answer. */
async function validateToken(token: string): Promise<'valid' | 'invalid' | 'unreachable'> {
  try {
    const response = await fetch('/api/auth/validate', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    return response.ok ? 'valid' : 'invalid';
  } catch (error) {
    console.error('Erro ao validar a sessão', error);
    return 'unreachable';
  }
}

function revokeOnServer(token: string): void {
  fetch('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  }).catch((error: unknown) => console.error('Erro ao encerrar a sessão no servidor', error));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(readStoredSession);

  const endLocally = useCallback(() => {
    clearStoredSession();
    setState(SIGNED_OUT);
  }, []);

  const logout = useCallback(() => {
    const token = localStorage.getItem(SESSION_STORAGE_KEYS.token);
    if (token) revokeOnServer(token);
    endLocally();
  }, [endLocally]);

  const login = useCallback((token: string, user: SessionUser) => {
    localStorage.setItem(SESSION_STORAGE_KEYS.token, token);
    localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
    setState({ status: 'authenticated', token, user });
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
    setState((current) => ({ ...current, user }));
  }, []);

  // A stored session is confirmed once at start ('Carregando...' meanwhile); if the server
  // cannot be reached the stored session is kept.
  const startToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (!startToken) return;
    let cancelled = false;
    void validateToken(startToken).then((result) => {
      if (cancelled) return;
      if (result === 'invalid') endLocally();
      else setState((current) => ({ ...current, status: 'authenticated' }));
    });
    return () => {
      cancelled = true;
    };
  }, [startToken, endLocally]);

  // Signing out in another tab signs out here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEYS.token && !event.newValue) setState(SIGNED_OUT);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    configureApiClient({ token: state.token, onUnauthorized: state.token ? endLocally : null });
  }, [state.token, endLocally]);

  // While signed in, the token is checked every 300000 ms: any non-OK answer signs out, a
  // network failure is only logged (the server may be restarting).
  useEffect(() => {
    if (state.status !== 'authenticated' || !state.token) return;
    const token = state.token;
    const timer = window.setInterval(() => {
      void validateToken(token).then((result) => {
        if (result === 'invalid') endLocally();
      });
    }, TOKEN_VALIDATION_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [state.status, state.token, endLocally]);

  const value = useMemo<Session>(
    () => ({ ...state, login, logout, updateUser }),
    [state, login, logout, updateUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession fora de <SessionProvider>');
  return session;
}
