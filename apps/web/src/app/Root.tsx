import { lazy, Suspense } from 'react';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { PageLoader } from '../components/PageLoader';
import { useSession } from '../lib/session';

const SignedInApp = lazy(() => import('./shell/SignedInApp'));

/**
 * A visitor who is not signed in sees only the login screen, at any address; after signing in
 * the same address opens in the application shell.
 */
export function Root() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Carregando..." fullScreen />;
  if (status === 'unauthenticated') return <LoginPage />;
  return (
    <Suspense fallback={<PageLoader label="Carregando..." fullScreen />}>
      <SignedInApp />
    </Suspense>
  );
}
