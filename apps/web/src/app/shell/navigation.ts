import { hasRole, type Role } from '@prumo/shared/auth';
import type { NavEntry, NavSectionTitle } from '../../lib/feature';
import { FEATURES } from '../features';

export type NavItem = Pick<NavEntry, 'to' | 'label' | 'icon' | 'roles'>;

export interface NavSection {
  title: NavSectionTitle;
  items: NavItem[];
}

/**
 * The sidebar's four sections and the order of their links (spec part 1, section 2.2). The
 * links themselves come from the features (or the placeholders of areas still to come); a link
 * the spec does not place goes to the end of its section.
 */
const SIDEBAR: Record<NavSectionTitle, string[]> = {
  Principal: ['/dashboard', '/vendas', '/financeiro'],
  Gestão: [
    '/cadastros',
    '/produtos',
    '/produtos/grupos',
    '/servicos',
    '/estoque',
    '/orcamentos',
    '/nota-fiscal',
    '/contratos',
    '/ordem-servicos',
  ],
  Relatórios: ['/relatorios', '/agenda', '/cobrancas', '/analytics'],
  Sistema: ['/configuracoes'],
};

function buildSections(entries: NavEntry[]): NavSection[] {
  const byPath = new Map<string, NavEntry>();
  for (const entry of entries) if (!byPath.has(entry.to)) byPath.set(entry.to, entry);
  return (Object.keys(SIDEBAR) as NavSectionTitle[]).map((title) => {
    const order = SIDEBAR[title];
    const items = [...byPath.values()]
      .filter((entry) => entry.section === title)
      .sort(
        (a, b) =>
          (order.indexOf(a.to) + 1 || order.length + 1) -
          (order.indexOf(b.to) + 1 || order.length + 1),
      )
      .map(({ to, label, icon, roles }) => ({ to, label, icon, roles }));
    return { title, items };
  });
}

export const NAV_SECTIONS: NavSection[] = buildSections(
  FEATURES.flatMap((feature) => feature.nav ?? []),
);

/** The sections as a role sees them: the links it may open (an empty section left out). */
export function navSectionsFor(role: Role | undefined): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => hasRole(role, item.roles ?? [])),
  })).filter((section) => section.items.length > 0);
}

/** Exact-path match; "/" counts as "/dashboard". */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  const normalized = currentPath === '/' ? '/dashboard' : currentPath.replace(/\/+$/, '');
  return linkPath === normalized;
}
