import { Alert, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, todayISO } from '@prumo/shared/dates';
import { useAnalytics } from '../../../api/relatorios/analytics';
import { PageHeader } from '../../../components/PageHeader';
import { KpiCards } from '../components/analytics/KpiCards';
import { FiltroPeriodo } from '../components/filtros/FiltroPeriodo';
import { periodoEfetivo } from '../periodos';
import { comMudancas } from '../url';

const graficos = () => import('../components/analytics/AnalyticsCharts');
const SerieChart = lazy(() => graficos().then((m) => ({ default: m.SerieChart })));
const Ranking = lazy(() => graficos().then((m) => ({ default: m.Ranking })));
const FormasChart = lazy(() => graficos().then((m) => ({ default: m.FormasChart })));
const PartesChart = lazy(() => graficos().then((m) => ({ default: m.PartesChart })));

const Carregando = () => <Skeleton h={340} radius="md" />;

/**
 * /analytics (admins and managers): the period's figures against the previous period and the
 * same period last year, the revenue over time beside last year's, the top products and
 * customers (through to their ABC curves), the payment mix and sales by weekday and hour.
 * The period lives in the address, as on /relatorios.
 */
export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const periodo = periodoEfetivo(params.get('de') ?? '', params.get('ate') ?? '', todayISO());
  const { data, error } = useAnalytics(periodo);
  const abc = (id: string) => `/relatorios?${new URLSearchParams({ r: id, ...periodo })}`;

  return (
    <>
      <PageHeader
        title="Analytics"
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: 'Analytics' }]}
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Group align="flex-end" gap="sm">
            <FiltroPeriodo
              valores={params}
              mudar={(mudancas) => setParams(comMudancas(params, mudancas))}
            />
            {data && (
              <Text size="xs" c="dimmed" pb={8}>
                Comparado a {formatDate(data.anterior.de)}–{formatDate(data.anterior.ate)} e a{' '}
                {formatDate(data.ano_anterior.de)}–{formatDate(data.ano_anterior.ate)}
              </Text>
            )}
          </Group>
        </Paper>
        {error && (
          <Alert color="red" title="Não foi possível carregar os números">
            {error.message}
          </Alert>
        )}
        {!data ? (
          <Carregando />
        ) : (
          <Suspense fallback={<Carregando />}>
            <KpiCards kpis={data.kpis} mrr={data.mrr} />
            <SerieChart serie={data.serie} />
            <Grid>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Ranking
                  titulo="Produtos mais vendidos"
                  itens={data.top_produtos}
                  abc={abc('curva-abc-produtos')}
                  testId="analytics-produtos"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Ranking
                  titulo="Melhores clientes"
                  itens={data.top_clientes}
                  abc={abc('curva-abc-clientes')}
                  testId="analytics-clientes"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <FormasChart formas={data.formas_pagamento} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <PartesChart
                  titulo="Vendas por dia da semana"
                  partes={data.dias_da_semana}
                  testId="analytics-semana"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <PartesChart
                  titulo="Vendas por hora"
                  partes={data.horas}
                  testId="analytics-horas"
                />
              </Grid.Col>
            </Grid>
          </Suspense>
        )}
      </Stack>
    </>
  );
}
