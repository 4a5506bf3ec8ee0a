import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCash,
  IconClockExclamation,
  IconCopy,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@prumo/shared/dates';
import { FINANCEIRO_MESSAGES, type Cobrancas, type ParcelaResumo } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { useCobrancas } from '../../../api/financeiro';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { ListTable } from '../../../components/list/ListTable';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { StatCards } from '../../../components/StatCards';
import { BaixaModal, type ParcelaABaixar } from '../components/BaixaModal';

type Devedor = Cobrancas['por_cliente'][number];

async function copiar(devedor: Devedor) {
  try {
    await navigator.clipboard.writeText(devedor.mensagem);
    notifySuccess(`Mensagem para ${devedor.cliente_nome} copiada.`);
  } catch {
    notifyError('Não foi possível copiar. Selecione o texto e copie manualmente.');
  }
}

const dias = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/**
 * /cobrancas (issue 15): the overdue receivables, who owes them (contact, days overdue, amount)
 * with a ready collection message to copy, and each installment's settlement.
 */
export default function CobrancasPage() {
  const cobrancas = useCobrancas();
  const dados = cobrancas.data;
  const [baixando, setBaixando] = useState<ParcelaABaixar | null>(null);
  const largo = useMediaQuery(WIDE_ONLY);
  const maiorAtraso = Math.max(0, ...(dados?.por_cliente ?? []).map((c) => c.maior_atraso));

  return (
    <Stack gap="md">
      <PageHeader
        title={FINANCEIRO_MESSAGES.cobrancas}
        description="Recebíveis vencidos e quem os deve."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: FINANCEIRO_MESSAGES.cobrancas },
        ]}
      />
      <StatCards
        loading={!dados}
        data-testid="cobrancas-resumo"
        cards={[
          { titulo: 'Em atraso', valor: formatMoney(dados?.total), icon: IconCash, cor: 'red' },
          {
            titulo: 'Clientes',
            valor: String(dados?.por_cliente.length ?? 0),
            icon: IconUsers,
            cor: 'indigo',
          },
          {
            titulo: 'Parcelas',
            valor: String(dados?.parcelas.length ?? 0),
            icon: IconAlertTriangle,
            cor: 'orange',
          },
          {
            titulo: 'Maior atraso',
            valor: dias(maiorAtraso),
            icon: IconClockExclamation,
            cor: 'grape',
          },
        ]}
      />

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Por cliente
        </Title>
        <ListTable<Devedor>
          data-testid="cobrancas-clientes"
          fetching={cobrancas.isPending}
          records={dados?.por_cliente ?? []}
          emptyState={<EmptyState title="Nenhum recebível em atraso" hint="Tudo em dia." />}
          columns={[
            {
              accessor: 'cliente_nome',
              title: 'Cliente',
              render: (c) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {c.cliente_nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[c.telefone, c.email].filter(Boolean).join(' · ') || 'Sem contato'}
                  </Text>
                  {!largo && (
                    <Text size="xs" c="red.7">
                      {formatMoney(c.total)} · {dias(c.maior_atraso)}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'parcelas',
              title: 'Parcelas',
              textAlign: 'right',
              visibleMediaQuery: WIDE_ONLY,
            },
            {
              accessor: 'maior_atraso',
              title: 'Maior atraso',
              textAlign: 'right',
              noWrap: true,
              visibleMediaQuery: WIDE_ONLY,
              render: (c) => dias(c.maior_atraso),
            },
            {
              accessor: 'total',
              title: 'Total',
              textAlign: 'right',
              noWrap: true,
              visibleMediaQuery: WIDE_ONLY,
              render: (c) => (
                <Text size="sm" fw={600} c="red.7">
                  {formatMoney(c.total)}
                </Text>
              ),
            },
            {
              accessor: 'mensagem',
              title: '',
              textAlign: 'right',
              render: (c) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconCopy size={14} />}
                  onClick={() => void copiar(c)}
                  aria-label={`Copiar mensagem para ${c.cliente_nome}`}
                >
                  {largo ? 'Copiar mensagem' : 'Copiar'}
                </Button>
              ),
            },
          ]}
        />
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Parcelas vencidas
        </Title>
        <ListTable<ParcelaResumo>
          data-testid="cobrancas-parcelas"
          fetching={cobrancas.isPending}
          records={dados?.parcelas ?? []}
          emptyState={<EmptyState title="Nenhuma parcela vencida" />}
          columns={[
            {
              accessor: 'vencimento',
              title: 'Vencimento',
              noWrap: true,
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm" c="red.7">
                    {formatDate(p.vencimento)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dias(p.dias_atraso)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'pessoa_nome',
              title: 'Cliente',
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{p.pessoa_nome ?? 'Sem cliente'}</Text>
                  <Text size="xs" c="dimmed">
                    {p.descricao} · {p.numero}/{p.total_parcelas}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'saldo',
              title: 'Em aberto',
              textAlign: 'right',
              noWrap: true,
              render: (p) => formatMoney(p.saldo),
            },
            {
              accessor: 'acoes',
              title: '',
              textAlign: 'right',
              render: (p) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconCash size={14} />}
                  onClick={() =>
                    setBaixando({
                      id: p.id,
                      numero: p.numero,
                      total_parcelas: p.total_parcelas,
                      descricao: p.descricao,
                      saldo: p.saldo,
                    })
                  }
                >
                  {largo ? FINANCEIRO_MESSAGES.baixar : 'Baixar'}
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <BaixaModal parcela={baixando} onClose={() => setBaixando(null)} />
    </Stack>
  );
}
