import {
  IconAddressBook,
  IconBox,
  IconCalendar,
  IconCash,
  IconCategory,
  IconChartBar,
  IconChartPie,
  IconFileDescription,
  IconFileInvoice,
  IconLayoutDashboard,
  IconReceiptRefund,
  IconSettings,
  IconShoppingCart,
  IconSignature,
  IconTool,
  IconBuildingWarehouse,
  IconClipboardList,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label: string;
  icon: Icon;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The sidebar's four sections and links (spec section 2.2). */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Principal',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
      { to: '/vendas', label: 'Vendas', icon: IconShoppingCart },
      { to: '/financeiro', label: 'Financeiro', icon: IconCash },
    ],
  },
  {
    title: 'Gestão',
    items: [
      { to: '/cadastros', label: 'Cadastros', icon: IconAddressBook },
      { to: '/produtos', label: 'Produtos', icon: IconBox },
      { to: '/produtos/grupos', label: 'Grupo de Produtos', icon: IconCategory },
      { to: '/servicos', label: 'Serviços', icon: IconTool },
      { to: '/estoque', label: 'Estoque', icon: IconBuildingWarehouse },
      { to: '/orcamentos', label: 'Orçamentos', icon: IconFileDescription },
      { to: '/nota-fiscal', label: 'Nota Fiscal', icon: IconFileInvoice },
      { to: '/contratos', label: 'Contratos', icon: IconSignature },
      { to: '/ordem-servicos', label: 'Ordem de Serviços', icon: IconClipboardList },
    ],
  },
  {
    title: 'Relatórios',
    items: [
      { to: '/relatorios', label: 'Relatórios', icon: IconChartBar },
      { to: '/agenda', label: 'Agenda', icon: IconCalendar },
      { to: '/cobrancas', label: 'Cobranças', icon: IconReceiptRefund },
      { to: '/analytics', label: 'Analytics', icon: IconChartPie },
    ],
  },
  {
    title: 'Sistema',
    items: [{ to: '/configuracoes', label: 'Configurações', icon: IconSettings }],
  },
];

/** Exact-path match; "/" counts as "/dashboard". */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  const normalized = currentPath === '/' ? '/dashboard' : currentPath.replace(/\/+$/, '');
  return linkPath === normalized;
}
