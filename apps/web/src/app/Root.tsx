import { lazy, Suspense } from 'react';
import { ESQUECI_SENHA_PATH, EsqueciSenhaPage } from '../features/auth/pages/EsqueciSenhaPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import classes from '../features/auth/pages/Publico.module.css';
import { usePublicPath } from '../lib/public-path';
import { useSession } from '../lib/session';

const SignedInApp = lazy(() => import('./shell/SignedInApp'));

/** The wait before the session is known or the signed-in app has loaded (no library yet). */
function Carregando() {
  return (
    <div className={classes.loader} role="status">
      <span className={classes.spinner} />
      <span>Carregando...</span>
    </div>
  );
}

/**
 * A visitor who is not signed in sees only the login screen (or how to get a new password), at
 * any address; after signing in the same address opens in the application shell, whose router
 * loads with it.
 */
export function Root() {
  const { status } = useSession();
  const pathname = usePublicPath();
  if (status === 'loading') return <Carregando />;
  if (status === 'unauthenticated') {
    return pathname === ESQUECI_SENHA_PATH ? <EsqueciSenhaPage /> : <LoginPage />;
  }
  return (
    <Suspense fallback={<Carregando />}>
      <SignedInApp />
    </Suspense>
  );
}
