import { Anchor, Breadcrumbs, Tabs, Text } from '@mantine/core';
import { IconBuildingStore, IconPackage, IconTool } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { ProdutosTab } from '../components/ProdutosTab';

// The counter and the appointments load when their tab opens: /vendas opens on Produtos.
const BalcaoTab = lazy(() =>
  import('../components/BalcaoTab').then((module) => ({ default: module.BalcaoTab })),
);
const ServicosTab = lazy(() =>
  import('../components/ServicosTab').then((module) => ({ default: module.ServicosTab })),
);

type Aba = 'produtos' | 'balcao' | 'servicos';
const ABAS: readonly Aba[] = ['produtos', 'balcao', 'servicos'];

/** /vendas: three tabs, Produtos (default), Balcão and Serviços (spec 2.13); the tab is in the URL. */
export default function VendasPage() {
  const [params, setParams] = useSearchParams();
  const pedida = params.get('aba') as Aba;
  const aba: Aba = ABAS.includes(pedida) ? pedida : 'produtos';
  return (
    <Tabs
      value={aba}
      keepMounted={false}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (!value || value === 'produtos') next.delete('aba');
        else next.set('aba', value);
        setParams(next, { replace: true });
      }}
    >
      <Breadcrumbs separator="/" fz="sm" mb="xs">
        <Anchor component={Link} to="/dashboard" size="sm">
          Início
        </Anchor>
        <Text size="sm" c="dimmed">
          Vendas
        </Text>
      </Breadcrumbs>
      <Tabs.List mb="md">
        <Tabs.Tab value="produtos" leftSection={<IconPackage size={16} />}>
          Produtos
        </Tabs.Tab>
        <Tabs.Tab value="balcao" leftSection={<IconBuildingStore size={16} />}>
          Balcão
        </Tabs.Tab>
        <Tabs.Tab value="servicos" leftSection={<IconTool size={16} />}>
          Serviços
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="produtos">
        <ProdutosTab />
      </Tabs.Panel>
      <Tabs.Panel value="balcao">
        <Suspense fallback={<PageLoader />}>
          <BalcaoTab />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="servicos">
        <Suspense fallback={<PageLoader />}>
          <ServicosTab />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
