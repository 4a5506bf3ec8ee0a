import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RequireAuth } from './RequireAuth';
import { appRoutes } from './routes';

/** Every route of the signed-in shell, each behind the guard and loaded on first visit. */
export function AppRoutes() {
  return (
    <Routes>
      {appRoutes.map(({ path, roles, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAuth roles={roles}>
              <Suspense fallback={<PageLoader />}>
                <Page />
              </Suspense>
            </RequireAuth>
          }
        />
      ))}
    </Routes>
  );
}
