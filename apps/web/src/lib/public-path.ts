import { useSyncExternalStore } from 'react';

/*
 * The address for the signed-out pages (the login and how to get a new password). They run
 * before the router, which loads with the signed-in app, so the login page carries no router.
 */

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** The current path, following the browser's back and forward buttons. */
export function usePublicPath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Opens another signed-out page without reloading. */
export function goToPublicPath(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
