import { Anchor, Card, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import {
  OS_MESSAGES,
  PRAZOS_OS,
  PRIORIDADES_OS,
  SITUACOES_OS,
  SITUACOES_OS_ABERTAS,
  type PainelOS,
} from '@prumo/shared/ordens-servico';
import { usePainelOs } from '../../../api/ordens-servico';
import { filtrosParaUrl, FILTROS_OS_VAZIOS, listaFiltradaPath } from '../filtros';
import { LISTA_PATH } from './OrdensServicoHub';

const FaturamentoChart = lazy(() => import('./FaturamentoChart'));

const CHART_HEIGHT = 280;

const COR_PRAZO: Record<keyof PainelOS['prazos'], string> = {
  vencidas: 'red',
  hoje: 'orange',
  amanha: 'yellow',
  futuras: 'blue',
  'sem-prazo': 'gray',
};

interface Cartao {
  key: string;
  label: string;
  cor: string;
  total: number | undefined;
  to: string;
}

function Cartoes({
  titulo,
  cartoes,
  testId,
}: {
  titulo: string;
  cartoes: Cartao[];
  testId: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} size="h4">
        {titulo}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {cartoes.map((cartao) => (
          <Card
            key={cartao.key}
            withBorder
            radius="md"
            padding="md"
            style={{ borderTop: `4px solid var(--mantine-color-${cartao.cor}-6)` }}
            data-testid={`painel-${cartao.key}`}
          >
            <Text size="sm" c="dimmed" fw={500}>
              {cartao.label}
            </Text>
            {cartao.total === undefined ? (
              <Skeleton h={36} w={48} my={4} />
            ) : (
              <Text fz={32} fw={700} lh={1.3} data-testid="painel-total">
                {cartao.total.toLocaleString('pt-BR')}
              </Text>
            )}
            <Anchor
              component={Link}
              to={cartao.to}
              size="sm"
              aria-label={`${OS_MESSAGES.maisInformacoes}: ${cartao.label}`}
            >
              {OS_MESSAGES.maisInformacoes}{' '}
              <IconArrowRight size={14} style={{ verticalAlign: 'middle' }} />
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * "Painel de Ordens de Serviço" (spec 2.10 and 3.8): the open queue counted by deadline (today
 * in the company's time zone), by priority and by situação, each card opening the list filtered
 * to it, and the revenue per technician of concluded and delivered orders.
 */
export function PainelOs() {
  const painel = usePainelOs();
  const dados = painel.data;

  useEffect(() => {
    if (painel.error) console.error('Erro ao carregar o painel de ordens de serviço', painel.error);
  }, [painel.error]);

  const prazos: Cartao[] = PRAZOS_OS.map(({ value, label }) => ({
    key: value,
    label,
    cor: COR_PRAZO[value],
    total: dados ? (dados.prazos[value] ?? 0) : undefined,
    to: listaFiltradaPath({ prazo: value }),
  }));
  const prioridades: Cartao[] = PRIORIDADES_OS.map(({ value, label, cor }) => ({
    key: value,
    label,
    cor,
    total: dados ? (dados.prioridades[value] ?? 0) : undefined,
    to: listaFiltradaPath({ prioridade: value }),
  }));
  const situacoes: Cartao[] = SITUACOES_OS.filter((s) =>
    SITUACOES_OS_ABERTAS.includes(s.value),
  ).map(({ value, label, cor }) => ({
    key: value,
    label,
    cor,
    total: dados ? (dados.situacoes[value] ?? 0) : undefined,
    to: `${LISTA_PATH}?${filtrosParaUrl({ ...FILTROS_OS_VAZIOS, situacao: value })}`,
  }));

  return (
    <Stack gap="lg">
      <Cartoes titulo="Prazos" cartoes={prazos} testId="painel-prazos" />
      <Cartoes titulo="Prioridades" cartoes={prioridades} testId="painel-prioridades" />
      <Cartoes titulo="Situações" cartoes={situacoes} testId="painel-situacoes" />
      <Paper withBorder radius="md" p="md" data-testid="faturamento-por-tecnico">
        <Title order={2} size="h4" mb="md">
          {OS_MESSAGES.faturamentoPorTecnico}
        </Title>
        {!dados ? (
          <Skeleton h={CHART_HEIGHT} />
        ) : dados.faturamento_por_tecnico.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="faturamento-vazio">
            Nenhuma ordem de serviço concluída ou entregue ainda: o faturamento por técnico aparece
            aqui assim que a primeira for concluída.
          </Text>
        ) : (
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} />}>
            <FaturamentoChart dados={dados.faturamento_por_tecnico} altura={CHART_HEIGHT} />
          </Suspense>
        )}
      </Paper>
    </Stack>
  );
}
