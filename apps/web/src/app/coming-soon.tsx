import {
  IconCalendar,
  IconChartBar,
  IconChartPie,
  IconClipboardList,
  IconFileInvoice,
  IconShoppingCart,
  IconTool,
} from '@tabler/icons-react';
import { lazy, type ComponentType } from 'react';
import { ANY_ROLE, type AppRoute, type NavEntry } from '../lib/feature';

/** A route whose module is not built yet: a page that names the area and says it is coming. */
function comingSoon(area: string): ComponentType {
  return lazy(() =>
    import('./pages/ComingSoonPage').then(({ ComingSoonPage }) => ({
      default: () => <ComingSoonPage area={area} />,
    })),
  );
}

interface ComingArea {
  area: string;
  paths: string[];
  nav?: Omit<NavEntry, 'label'>;
}

/**
 * The spec's areas whose modules are still to come. A feature that declares one of these paths
 * (or sidebar links) replaces its placeholder.
 */
const COMING: ComingArea[] = [
  {
    area: 'Vendas',
    paths: ['/vendas'],
    nav: { section: 'Principal', to: '/vendas', icon: IconShoppingCart },
  },
  {
    area: 'Serviços',
    paths: ['/servicos', '/servicos/adicionar-servico', '/servicos/editar/:id'],
    nav: { section: 'Gestão', to: '/servicos', icon: IconTool },
  },
  {
    area: 'Ordem de Serviços',
    paths: ['/ordem-servicos', '/servicos/adicionar-os', '/servicos/painel-os'],
    nav: { section: 'Gestão', to: '/ordem-servicos', icon: IconClipboardList },
  },
  {
    area: 'Nota Fiscal',
    paths: ['/nota-fiscal'],
    nav: { section: 'Gestão', to: '/nota-fiscal', icon: IconFileInvoice },
  },
  {
    area: 'Relatórios',
    paths: ['/relatorios'],
    nav: { section: 'Relatórios', to: '/relatorios', icon: IconChartBar },
  },
  {
    area: 'Agenda',
    paths: ['/agenda'],
    nav: { section: 'Relatórios', to: '/agenda', icon: IconCalendar },
  },
  {
    area: 'Analytics',
    paths: ['/analytics'],
    nav: { section: 'Relatórios', to: '/analytics', icon: IconChartPie },
  },
];

export const COMING_SOON_ROUTES: AppRoute[] = COMING.flatMap(({ area, paths }) => {
  const Page = comingSoon(area);
  return paths.map((path) => ({ path, roles: ANY_ROLE, Page }));
});

export const COMING_SOON_NAV: NavEntry[] = COMING.flatMap(({ area, nav }) =>
  nav ? [{ ...nav, label: area }] : [],
);
