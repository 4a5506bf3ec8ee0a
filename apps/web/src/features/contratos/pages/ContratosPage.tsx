import { Button, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPercentage, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ContratosLista } from '../components/ContratosLista';
import { FaturarHoje } from '../components/FaturarHoje';
import { IndicesModal } from '../components/IndicesModal';
import { AssinaturasAba, AssinaturasAcoes } from '../assinaturas/AssinaturasAba';
import { AcoesLocacoes } from '../locacoes/components/AcoesLocacoes';
import { LocacoesLista } from '../locacoes/components/LocacoesLista';
import { NOVO_PATH } from '../paths';
import { CONTRATO_TEXTOS as T } from '../textos';

type Aba = 'servicos' | 'locacoes' | 'assinaturas';
const ABAS: readonly Aba[] = ['servicos', 'locacoes', 'assinaturas'];

const abaDaUrl = (params: URLSearchParams): Aba => {
  const aba = params.get('aba');
  return (ABAS as readonly string[]).includes(aba ?? '') ? (aba as Aba) : 'servicos';
};

/**
 * /contratos: the tabs Serviços, Locações and Assinaturas (the tab in the address, ?aba=). Serviços
 * has the "Faturar hoje" queue above the contracts, "Novo Contrato" and the reajuste indices;
 * Locações the rentals with their Atrasadas filter, the items for rent, the calendar and "Nova
 * Locação"; Assinaturas the metrics (MRR, ARR, subscribers, churn) above the subscriptions, the
 * plans, the dunning rules, "Renovar agora" and "Nova assinatura".
 */
export default function ContratosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const aba = abaDaUrl(searchParams);
  const [indicesAberto, indices] = useDisclosure(false);

  return (
    <>
      <PageHeader
        title={T.titulo}
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: T.titulo }]}
        actions={
          aba === 'locacoes' ? (
            <AcoesLocacoes />
          ) : aba === 'assinaturas' ? (
            <AssinaturasAcoes />
          ) : (
            aba === 'servicos' && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPercentage size={16} />}
                  onClick={indices.open}
                >
                  {T.indices}
                </Button>
                <Button component={Link} to={NOVO_PATH} leftSection={<IconPlus size={16} />}>
                  {T.novo}
                </Button>
              </>
            )
          )
        }
      />
      <Tabs
        value={aba}
        onChange={(value) => setSearchParams(value && value !== 'servicos' ? { aba: value } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="servicos">{T.abas.servicos}</Tabs.Tab>
          <Tabs.Tab value="locacoes">{T.abas.locacoes}</Tabs.Tab>
          <Tabs.Tab value="assinaturas">{T.abas.assinaturas}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="servicos">
          <Stack gap="md">
            <FaturarHoje />
            <ContratosLista />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="locacoes">
          <LocacoesLista />
        </Tabs.Panel>
        <Tabs.Panel value="assinaturas">
          <AssinaturasAba />
        </Tabs.Panel>
      </Tabs>
      <IndicesModal opened={indicesAberto} onClose={indices.close} />
    </>
  );
}
