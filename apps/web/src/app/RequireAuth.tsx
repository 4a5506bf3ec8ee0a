import type { ReactNode } from 'react';
import { hasRole, type Role } from '@prumo/shared/auth';
import { PageLoader } from '../components/PageLoader';
import { useSession } from '../lib/session';
import { AccessDenied } from './pages/AccessDenied';

/**
 * Route guard: waits for the session, shows nothing to a visitor (the root shows the login
 * screen) and 'Acesso Negado' (or the given fallback) when the role is not allowed.
 * The server enforces the same roles on its routes.
 */
export function RequireAuth({
  roles = [],
  fallback,
  children,
}: {
  roles?: readonly Role[];
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader label="Verificando autenticação..." />;
  if (status !== 'authenticated' || !user) return null;
  if (!hasRole(user.role, roles))
    return fallback ?? <AccessDenied role={user.role} required={roles} />;
  return children;
}
