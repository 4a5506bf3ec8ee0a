import {
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { addDaysISO, addMonthsISO, todayISO } from '@prumo/shared/dates';
import type { FluxoCaixaQuery } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { useContas, useFluxoCaixa } from '../../../api/financeiro';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { Dinheiro } from './Dinheiro';
import { rotuloPeriodo } from './periodo';

const FluxoCaixaChart = lazy(() => import('./FluxoCaixaChart'));

type Agrupar = FluxoCaixaQuery['agrupar'];

const primeiroDia = (dia: string) => `${dia.slice(0, 8)}01`;
const ultimoDia = (dia: string) => addDaysISO(addMonthsISO(primeiroDia(dia), 1), -1);

/** The period each grouping opens with: this month by day; six months back to three ahead by month. */
export function periodoPadrao(agrupar: Agrupar, hoje = todayISO()) {
  return agrupar === 'dia'
    ? { de: primeiroDia(hoje), ate: ultimoDia(hoje) }
    : {
        de: addMonthsISO(primeiroDia(hoje), -5),
        ate: ultimoDia(addMonthsISO(primeiroDia(hoje), 3)),
      };
}

/** A movement of the period, or a dash when there was none (the table reads at a glance). */
const valorOuTraco = (valor: number) => (valor ? formatMoney(valor) : '—');

const dia = (value: unknown) => (value ? String(value).slice(0, 10) : '');

function Resumo({ rotulo, valor, testId }: { rotulo: string; valor: number; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {rotulo}
      </Text>
      <Dinheiro valor={valor} fw={700} size="lg" data-testid={testId} />
    </div>
  );
}

/**
 * Fluxo de Caixa: a period by day or by month, all accounts or one; the starting balance, the
 * chart, and per period what came in and went out and what is still due, with the realised and
 * projected balances.
 */
export function FluxoCaixaTab() {
  const [query, setQuery] = useState<FluxoCaixaQuery>({ agrupar: 'dia', ...periodoPadrao('dia') });
  const fluxo = useFluxoCaixa(query);
  const contas = useContas();
  const dados = fluxo.data;
  const ultimo = dados?.periodos[dados.periodos.length - 1];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Agrupar"
            data={[
              { value: 'dia', label: 'Por dia' },
              { value: 'mes', label: 'Por mês' },
            ]}
            value={query.agrupar}
            onChange={(value) =>
              setQuery({ ...query, agrupar: value as Agrupar, ...periodoPadrao(value as Agrupar) })
            }
          />
          <DateInputBR
            label="De"
            w={140}
            value={query.de ?? null}
            maxDate={query.ate}
            onChange={(value) => setQuery({ ...query, de: dia(value) || query.de })}
          />
          <DateInputBR
            label="Até"
            w={140}
            value={query.ate ?? null}
            minDate={query.de}
            onChange={(value) => setQuery({ ...query, ate: dia(value) || query.ate })}
          />
          <Select
            label="Conta"
            w={220}
            clearable
            placeholder="Todas as contas"
            data={(contas.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
            value={query.conta_id ? String(query.conta_id) : null}
            onChange={(value) =>
              setQuery({ ...query, conta_id: value ? Number(value) : undefined })
            }
          />
        </Group>
      </Paper>

      {!dados ? (
        <Group justify="center" py="xl">
          {fluxo.isError ? <Text c="dimmed">Erro ao carregar o fluxo de caixa.</Text> : <Loader />}
        </Group>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Resumo
              rotulo="Saldo inicial"
              valor={dados.saldo_inicial}
              testId="fluxo-saldo-inicial"
            />
            <Resumo
              rotulo="Saldo realizado"
              valor={ultimo?.saldo_realizado ?? dados.saldo_inicial}
              testId="fluxo-saldo-realizado"
            />
            <Resumo
              rotulo="Saldo projetado"
              valor={ultimo?.saldo_projetado ?? dados.saldo_inicial}
              testId="fluxo-saldo-projetado"
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="md" data-testid="chart-fluxo">
            <Suspense fallback={<Skeleton h={300} />}>
              <FluxoCaixaChart fluxo={dados} />
            </Suspense>
          </Paper>
          <Paper withBorder radius="md" p={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing={4} fz="sm" striped data-testid="fluxo-tabela">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Período</Table.Th>
                    <Table.Th ta="right">Entradas</Table.Th>
                    <Table.Th ta="right">Saídas</Table.Th>
                    <Table.Th ta="right">A receber</Table.Th>
                    <Table.Th ta="right">A pagar</Table.Th>
                    <Table.Th ta="right">Saldo realizado</Table.Th>
                    <Table.Th ta="right">Saldo projetado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dados.periodos.map((p) => (
                    <Table.Tr key={p.periodo} data-testid="fluxo-periodo" data-periodo={p.periodo}>
                      <Table.Td>{rotuloPeriodo(p.periodo)}</Table.Td>
                      <Table.Td ta="right" c="teal.8">
                        {valorOuTraco(p.entradas_realizadas)}
                      </Table.Td>
                      <Table.Td ta="right" c="red.7">
                        {valorOuTraco(p.saidas_realizadas)}
                      </Table.Td>
                      <Table.Td ta="right">{valorOuTraco(p.entradas_previstas)}</Table.Td>
                      <Table.Td ta="right">{valorOuTraco(p.saidas_previstas)}</Table.Td>
                      <Table.Td ta="right">
                        <Dinheiro valor={p.saldo_realizado} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Dinheiro valor={p.saldo_projetado} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
