import { Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconBuildingBank } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Dashboard } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { useDashboard } from '../../../api/financeiro';
import { firstName } from '../../../lib/initials';
import { useSession } from '../../../lib/session';
import { MonthCalendar } from '../components/MonthCalendar';
import { greetingFor } from '../greeting';
import { formatVariacao, variacaoPercentual } from '../../../lib/variacao';

const charts = () => import('../components/DashboardCharts');
const FluxoCaixaChart = lazy(() => charts().then((m) => ({ default: m.FluxoCaixaChart })));
const VendasPorCategoriaChart = lazy(() =>
  charts().then((m) => ({ default: m.VendasPorCategoriaChart })),
);

type Financeiro = NonNullable<Dashboard['financeiro']>;

const ONTEM = 'em relação a ontem';
const MES_ANTERIOR = 'em relação ao mês anterior';

/**
 * The four cards: today's and this month's figures against yesterday's and last month's. More to
 * pay shows in red, more to receive in green.
 */
function cardsDe(f: Financeiro) {
  const card = (titulo: string, valor: number, anterior: number, pagar: boolean) => ({
    titulo,
    valor,
    anterior,
    pagar,
    comparado: titulo.endsWith('Hoje') ? ONTEM : MES_ANTERIOR,
  });
  return [
    card('A Receber Hoje', f.a_receber_hoje, f.a_receber_ontem, false),
    card('A Pagar Hoje', f.a_pagar_hoje, f.a_pagar_ontem, true),
    card('Recebimentos do Mês', f.recebimentos_mes, f.recebimentos_mes_anterior, false),
    card('Pagamentos do Mês', f.pagamentos_mes, f.pagamentos_mes_anterior, true),
  ];
}

function SummaryCards({ financeiro }: { financeiro: Financeiro }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {cardsDe(financeiro).map((card) => {
        const variacao = variacaoPercentual(card.valor, card.anterior);
        const up = (variacao ?? 0) >= 0;
        const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
        return (
          <Card key={card.titulo} withBorder radius="md" data-testid="summary-card">
            <Text size="sm" c="dimmed" fw={500}>
              {card.titulo}
            </Text>
            <Text fz={24} fw={700} mt={4} data-testid={`card-${card.titulo}`}>
              {formatMoney(card.valor)}
            </Text>
            <Group gap={4} mt={4}>
              <Text
                c={variacao === null ? 'dimmed' : up !== card.pagar ? 'teal.7' : 'red.7'}
                size="sm"
                fw={600}
                span
                data-testid="card-variacao"
              >
                {variacao !== null && <Arrow size={14} style={{ verticalAlign: 'middle' }} />}
                {formatVariacao(variacao)}
              </Text>
              <Text size="xs" c="dimmed" span>
                {card.comparado}
              </Text>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function ContasBancarias({ contas }: { contas: Financeiro['contas'] }) {
  return (
    <Card withBorder radius="md" data-testid="contas-bancarias">
      <Title order={4} mb="md">
        Contas Bancárias
      </Title>
      <Stack gap="sm">
        {contas.map((conta) => (
          <Group key={conta.id} justify="space-between" wrap="nowrap" data-testid="conta-bancaria">
            <Group gap="sm" wrap="nowrap">
              <IconBuildingBank size={22} stroke={1.5} />
              <div>
                <Text fw={500}>{conta.nome}</Text>
                {conta.banco && (
                  <Text size="xs" c="dimmed">
                    {conta.banco}
                  </Text>
                )}
              </div>
            </Group>
            <Text
              fw={600}
              c={conta.saldo < 0 ? 'red.7' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatMoney(conta.saldo)}
            </Text>
          </Group>
        ))}
        {contas.length === 0 && (
          <Text size="sm" c="dimmed">
            Nenhuma conta ativa.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

const chartSkeleton = <Skeleton h={360} />;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={chartSkeleton}>{children}</Suspense>;
}

/**
 * /dashboard (spec 2.5) from GET /api/dashboard: the four cards, Fluxo de Caixa, Vendas por
 * Categoria, Contas Bancárias and the calendar. A role without finance access sees the sales by
 * category and the calendar only.
 */
export default function DashboardPage() {
  const { user } = useSession();
  const name = firstName(user?.nome);
  const dashboard = useDashboard();
  const dados = dashboard.data;
  const financeiro = dados?.financeiro ?? null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">
          {greetingFor(new Date().getHours())}
          {name ? `, ${name}` : ''}! Aqui está o resumo do seu negócio.
        </Text>
      </div>

      {!dados ? (
        dashboard.isError ? (
          <Text c="dimmed">Não foi possível carregar o resumo. Tente novamente.</Text>
        ) : (
          <Stack gap="lg">
            <Skeleton h={110} />
            <Skeleton h={360} />
          </Stack>
        )
      ) : financeiro ? (
        <>
          <SummaryCards financeiro={financeiro} />
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Lazy>
                <FluxoCaixaChart fluxo={financeiro.fluxo} />
              </Lazy>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Lazy>
                <VendasPorCategoriaChart vendas={dados.vendas_por_categoria} />
              </Lazy>
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ContasBancarias contas={financeiro.contas} />
            <MonthCalendar hoje={dados.hoje} calendario={dados.calendario} />
          </SimpleGrid>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Lazy>
            <VendasPorCategoriaChart vendas={dados.vendas_por_categoria} />
          </Lazy>
          <MonthCalendar hoje={dados.hoje} calendario={dados.calendario} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
