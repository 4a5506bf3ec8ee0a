import { Button, Grid, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import { useCaixaAtual } from '../../../api/caixas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { CaixaPanel } from './CaixaPanel';
import { StatsBalcao } from './StatsBalcao';
import { VendaBalcaoModal } from './VendaBalcaoModal';
import { VendaRapida } from './VendaRapida';
import { VendasLista } from './VendasLista';
import { VendaView } from './VendaView';

/**
 * "Vendas de Balcão" (spec 2.13): the four cards, the operator's caixa, the quick sale and the
 * counter sales list with its "Nova Venda de Balcão" modal.
 */
export function BalcaoTab() {
  const caixa = useCaixaAtual();
  const [nova, setNova] = useState(false);
  const [vendo, setVendo] = useState<number | null>(null);
  return (
    <>
      <PageHeader
        title={VENDA_MESSAGES.tituloBalcao}
        actions={
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setNova(true)}
          >
            {VENDA_MESSAGES.novaVendaBalcao}
          </Button>
        }
      />
      <Stack gap="md">
        <StatsBalcao />
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <VendaRapida caixaAberto={caixa.isPending ? undefined : caixa.data !== null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <CaixaPanel caixa={caixa.data} loading={caixa.isPending} />
          </Grid.Col>
        </Grid>
        <VendasLista
          tipo="balcao"
          onVer={(venda) => setVendo(venda.id)}
          emptyState={<EmptyState title={VENDA_MESSAGES.vazioTitulo} />}
        />
      </Stack>
      <VendaBalcaoModal opened={nova} onClose={() => setNova(false)} />
      <VendaView vendaId={vendo} onClose={() => setVendo(null)} />
    </>
  );
}
