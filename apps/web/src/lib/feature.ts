import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Role } from '@prumo/shared/auth';

/**
 * What a web feature declares beside its pages (features/<name>/feature.tsx): its routes and
 * its sidebar entries. The app picks every feature up by itself (app/features.ts).
 */
export interface Feature {
  routes: AppRoute[];
  nav?: NavEntry[];
}

export interface AppRoute {
  path: string;
  /** Roles allowed; empty means any signed-in user. The server enforces the same rules. */
  roles: readonly Role[];
  Page: ComponentType;
}

/** Any signed-in user. */
export const ANY_ROLE: readonly Role[] = [];

/** The sidebar's four sections (spec part 1, section 2.2). */
export type NavSectionTitle = 'Principal' | 'Gestão' | 'Relatórios' | 'Sistema';

export interface NavEntry {
  section: NavSectionTitle;
  to: string;
  label: string;
  icon: Icon;
  /** Roles that see the link; absent or empty: every signed-in user (as the route's roles). */
  roles?: readonly Role[];
}
