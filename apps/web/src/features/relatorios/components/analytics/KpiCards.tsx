import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatMoney } from '@prumo/shared/money';
import type { Analytics, Comparacao } from '@prumo/shared/relatorios';
import { formatVariacao, variacaoPercentual } from '../../../../lib/variacao';

type Kpis = Analytics['kpis'];

const CARDS: ReadonlyArray<{ chave: keyof Kpis; titulo: string; formato: (v: number) => string }> =
  [
    { chave: 'faturamento', titulo: 'Faturamento', formato: formatMoney },
    { chave: 'vendas', titulo: 'Número de vendas', formato: (v) => v.toLocaleString('pt-BR') },
    { chave: 'ticket_medio', titulo: 'Ticket médio', formato: formatMoney },
    { chave: 'margem_bruta', titulo: 'Margem bruta', formato: formatMoney },
    { chave: 'descontos', titulo: 'Descontos', formato: formatMoney },
  ];

/** "▲ +8,2% em relação ao período anterior": green up, red down (a discount's rise too). */
function Variacao({ atual, antes, rotulo }: { atual: number; antes: number; rotulo: string }) {
  const variacao = variacaoPercentual(atual, antes);
  const subiu = (variacao ?? 0) >= 0;
  const Seta = subiu ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} wrap="nowrap">
      {variacao !== null && (
        <Seta
          size={14}
          color={subiu ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)'}
        />
      )}
      <Text size="xs" c={variacao === null ? 'dimmed' : subiu ? 'teal.7' : 'red.7'} fw={600}>
        {formatVariacao(variacao)}
      </Text>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
    </Group>
  );
}

/** The five cards of the period, each against the previous period and the same one last year. */
export function KpiCards({ kpis, mrr }: { kpis: Kpis; mrr: number | null }) {
  const card = (titulo: string, valor: string, c?: Comparacao) => (
    <Card key={titulo} withBorder radius="md" data-testid={`kpi-${titulo}`}>
      <Text size="sm" c="dimmed" fw={500}>
        {titulo}
      </Text>
      <Text fz={22} fw={700} mt={4} data-testid={`kpi-valor-${titulo}`}>
        {valor}
      </Text>
      {c ? (
        <>
          <Variacao atual={c.atual} antes={c.anterior} rotulo="vs. período anterior" />
          <Variacao atual={c.atual} antes={c.ano_anterior} rotulo="vs. ano passado" />
        </>
      ) : (
        <Text size="xs" c="dimmed">
          Assinaturas ativas hoje
        </Text>
      )}
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: mrr === null ? 5 : 6 }} spacing="sm">
      {CARDS.map(({ chave, titulo, formato }) =>
        card(titulo, formato(kpis[chave].atual), kpis[chave]),
      )}
      {mrr !== null && card('MRR', formatMoney(mrr))}
    </SimpleGrid>
  );
}
