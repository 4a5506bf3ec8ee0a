import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCurrencyReal,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPrinter,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CONTRATO_TRANSICOES,
  type Contrato,
  type ContratoFatura,
  type SituacaoContrato,
} from '@prumo/shared/contratos';
import { addDaysISO, addMonthsISO, formatDate, isISODate, todayISO } from '@prumo/shared/dates';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import { transicaoPermitida } from '@prumo/shared/transicoes';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { useMudarSituacaoContrato } from '../../../api/contratos';
import { confirmAction } from '../../../components/confirm';
import { NfseDaFatura } from '../../../components/fiscal/NfseDaFatura';
import { FormSection } from '../../../components/form/FormSection';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useImprimirContrato } from '../imprimir';
import { editarPath, LISTA_PATH, tituloPath } from '../paths';
import {
  CONTRATO_TEXTOS as T,
  formatPercentual,
  indiceLabel,
  meses,
  nomeContrato,
  periodicidadeLabel,
  periodoTexto,
} from '../textos';
import { CancelarContratoModal } from './CancelarContratoModal';
import { formatQuantidade, ItensTabela } from './ItensFields';
import { NovoPrecoModal } from './NovoPrecoModal';
import { SituacaoContratoBadge } from './SituacaoContratoBadge';

function Info({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children || '—'}
      </Text>
    </div>
  );
}

const SITUACAO_TITULO: Record<ContratoFatura['situacao_titulo'], { label: string; cor: string }> = {
  aberto: { label: 'Em aberto', cor: 'blue' },
  pago: { label: 'Pago', cor: 'green' },
  cancelado: { label: 'Cancelado', cor: 'gray' },
};

/** Suspender, Retomar, Cancelar contrato: the moves CONTRATO_TRANSICOES allows the user's role. */
function useMovimentos(contrato: Contrato) {
  const role = useSession().user?.role;
  const pode = (para: SituacaoContrato) =>
    role !== undefined && transicaoPermitida(CONTRATO_TRANSICOES, contrato.situacao, para, role);
  return { suspender: pode('Suspenso'), retomar: pode('Ativo'), cancelar: pode('Cancelado') };
}

/** The header's actions: Editar, Novo preço, the situação moves and the print. */
function Acoes({
  contrato,
  onNovoPreco,
  onCancelar,
}: {
  contrato: Contrato;
  onNovoPreco: () => void;
  onCancelar: () => void;
}) {
  const mudar = useMudarSituacaoContrato();
  const imprimir = useImprimirContrato();
  const movimentos = useMovimentos(contrato);
  const ativo = contrato.situacao !== 'Cancelado';

  async function mudarPara(situacao: 'Suspenso' | 'Ativo') {
    const suspender = situacao === 'Suspenso';
    const confirmado = await confirmAction({
      title: suspender ? `${T.suspender} contrato` : `${T.retomar} contrato`,
      message: suspender
        ? T.perguntaSuspender(contrato.numero)
        : T.perguntaRetomar(contrato.numero),
      confirmLabel: suspender ? T.suspender : T.retomar,
      danger: false,
    });
    if (!confirmado) return;
    try {
      await mudar.mutateAsync({
        id: contrato.id,
        situacao,
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(suspender ? T.suspenso : T.retomado);
    } catch (error) {
      console.error(T.erroSituacao, error);
      notifyError(errorText(T.erroSituacao, error));
    }
  }

  return (
    <Group gap="xs" data-testid="contrato-acoes">
      {ativo && (
        <Button
          component={Link}
          to={editarPath(contrato.id)}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          Editar
        </Button>
      )}
      {ativo && (
        <Button
          variant="default"
          leftSection={<IconCurrencyReal size={16} />}
          onClick={onNovoPreco}
        >
          {T.novoPreco}
        </Button>
      )}
      {movimentos.suspender && (
        <Button
          variant="light"
          color="yellow"
          leftSection={<IconPlayerPause size={16} />}
          loading={mudar.isPending && mudar.variables?.situacao === 'Suspenso'}
          onClick={() => void mudarPara('Suspenso')}
        >
          {T.suspender}
        </Button>
      )}
      {movimentos.retomar && (
        <Button
          variant="light"
          color="green"
          leftSection={<IconPlayerPlay size={16} />}
          loading={mudar.isPending && mudar.variables?.situacao === 'Ativo'}
          onClick={() => void mudarPara('Ativo')}
        >
          {T.retomar}
        </Button>
      )}
      {movimentos.cancelar && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={16} />}
          onClick={onCancelar}
        >
          {T.cancelarContrato}
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={imprimir.imprimindo === contrato.id}
        onClick={() => void imprimir.imprimir(contrato)}
        data-testid="contrato-imprimir"
      >
        {T.imprimir}
      </Button>
    </Group>
  );
}

/** The pending reajuste: a day (the anniversary) or the server's own sentence. */
function reajustePendenteTexto(pendente: string): string {
  return isISODate(pendente)
    ? `O reajuste do aniversário de ${formatDate(pendente)} está pendente: faltam meses do índice em “${T.indices}”. Até lá, o contrato fatura com o preço atual.`
    : pendente;
}

function Avisos({ contrato: c }: { contrato: Contrato }) {
  return (
    <>
      {c.reajuste_pendente && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Reajuste pendente"
          data-testid="reajuste-pendente"
        >
          {reajustePendenteTexto(c.reajuste_pendente)}
        </Alert>
      )}
      {c.situacao === 'Suspenso' && (
        <Alert color="yellow" variant="light" data-testid="contrato-suspenso">
          Suspenso{c.suspenso_em ? ` desde ${formatDate(c.suspenso_em)}` : ''}: não fatura até ser
          retomado.
        </Alert>
      )}
      {c.situacao === 'Cancelado' && (
        <Alert color="red" variant="light" title="Contrato cancelado" data-testid="cancelamento">
          <Stack gap={2}>
            {c.cancelado_em && <Text size="sm">Cancelado em {formatDate(c.cancelado_em)}.</Text>}
            {c.motivo_cancelamento && <Text size="sm">Motivo: {c.motivo_cancelamento}</Text>}
            <Text size="sm">
              {c.multa_cancelamento
                ? `Multa de fidelidade: ${formatMoney(c.multa_cancelamento)}`
                : 'Sem multa de fidelidade'}
            </Text>
          </Stack>
        </Alert>
      )}
    </>
  );
}

function Cartoes({ contrato: c }: { contrato: Contrato }) {
  const fimFidelidade =
    c.fidelidade_meses > 0 ? addDaysISO(addMonthsISO(c.inicio, c.fidelidade_meses), -1) : null;
  const vencimento =
    c.dias_vencimento === 0
      ? 'No dia do faturamento'
      : `${c.dias_vencimento} ${c.dias_vencimento === 1 ? 'dia' : 'dias'} após o faturamento`;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <FormSection title="Calendário">
        <SimpleGrid cols={2} spacing="sm">
          <Info label="Início">{formatDate(c.inicio)}</Info>
          <Info label="Término">{c.fim ? formatDate(c.fim) : 'Sem término'}</Info>
          <Info label="Periodicidade">{periodicidadeLabel(c.periodicidade)}</Info>
          <Info label="Dia de faturamento">Dia {c.dia_faturamento}</Info>
          <Info label="Primeiro faturamento">{formatDate(c.primeiro_faturamento)}</Info>
          <Info label="Próximo faturamento" testId="proximo-faturamento">
            {c.proximo_faturamento ? formatDate(c.proximo_faturamento) : '—'}
          </Info>
          <Info label="Vencimento">
            {vencimento}
            {c.vencimento_dia_util ? ', em dia útil' : ''}
          </Info>
          <Info label="Forma de pagamento">{formaPagamentoLabel(c.forma_pagamento)}</Info>
        </SimpleGrid>
      </FormSection>
      <FormSection title="Fidelidade">
        <SimpleGrid cols={2} spacing="sm">
          <Info label="Fidelidade">
            {c.fidelidade_meses > 0 ? meses(c.fidelidade_meses) : 'Sem fidelidade'}
          </Info>
          <Info label="Até">{fimFidelidade ? formatDate(fimFidelidade) : '—'}</Info>
          <Info label="Multa">
            {c.fidelidade_meses > 0
              ? `${formatPercent(c.multa_fidelidade)} dos meses restantes`
              : '—'}
          </Info>
        </SimpleGrid>
      </FormSection>
      <FormSection title="Reajuste">
        <SimpleGrid cols={2} spacing="sm">
          <Info label="Índice">{indiceLabel(c.reajuste_indice)}</Info>
          {c.reajuste_indice === 'fixo' && c.reajuste_percentual !== null && (
            <Info label="Percentual">{formatPercent(c.reajuste_percentual)}</Info>
          )}
          {c.reajuste_indice && (
            <Info label="Próximo aniversário">
              {formatDate(proximoAniversario(c.inicio, c.reajustes.length))}
            </Info>
          )}
        </SimpleGrid>
      </FormSection>
    </SimpleGrid>
  );
}

/** "Preços a partir de dd/mm/aaaa" while the latest prices are still to come into force. */
function vigenciaDosItens(c: Contrato): string | undefined {
  const desde = c.itens.reduce(
    (maior, item) => (item.vigente_de > maior ? item.vigente_de : maior),
    '',
  );
  return desde > todayISO() ? `Preços a partir de ${formatDate(desde)}` : undefined;
}

/** The anniversary after the reajustes already applied (inicio + 12 × (n + 1) months). */
const proximoAniversario = (inicio: string, aplicados: number) =>
  addMonthsISO(inicio, 12 * (aplicados + 1));

function Faturas({ faturas }: { faturas: readonly ContratoFatura[] }) {
  return (
    <FormSection title="Faturas">
      {faturas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma fatura emitida ainda.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped data-testid="contrato-faturas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Período</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th>Situação do título</Table.Th>
                <Table.Th>NFS-e</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {faturas.map((fatura) => {
                const situacao = SITUACAO_TITULO[fatura.situacao_titulo];
                return (
                  <Table.Tr key={fatura.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {periodoTexto(fatura.periodo_inicio, fatura.periodo_fim)}
                    </Table.Td>
                    <Table.Td>{formatDate(fatura.vencimento)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(fatura.valor)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Badge color={situacao.cor} variant="light">
                          {situacao.label}
                        </Badge>
                        <Anchor
                          component={Link}
                          to={tituloPath(fatura.titulo_id)}
                          size="sm"
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          Ver no Financeiro
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <NfseDaFatura
                        faturaId={fatura.id}
                        nfse={
                          fatura.nfse_id !== null && fatura.nfse_situacao !== null
                            ? { id: fatura.nfse_id, situacao: fatura.nfse_situacao }
                            : null
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FormSection>
  );
}

function HistoricoPrecos({ contrato }: { contrato: Contrato }) {
  if (contrato.historico_precos.length === 0) return null;
  return (
    <FormSection title="Histórico de preços">
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="historico-precos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vigência</Table.Th>
              <Table.Th>Serviço</Table.Th>
              <Table.Th ta="right">Qtd.</Table.Th>
              <Table.Th ta="right">Valor unitário</Table.Th>
              <Table.Th ta="right">Subtotal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contrato.historico_precos.map((item, index) => (
              <Table.Tr key={`${item.servico_id}-${item.vigente_de}-${index}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {item.vigente_ate
                    ? periodoTexto(item.vigente_de, item.vigente_ate)
                    : `Desde ${formatDate(item.vigente_de)}`}
                </Table.Td>
                <Table.Td>{item.servico_nome}</Table.Td>
                <Table.Td ta="right">{formatQuantidade(item.quantidade)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.valor)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FormSection>
  );
}

function Reajustes({ contrato }: { contrato: Contrato }) {
  if (contrato.reajustes.length === 0) return null;
  return (
    <FormSection title="Reajustes">
      <Table.ScrollContainer minWidth={480}>
        <Table striped data-testid="contrato-reajustes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Aniversário</Table.Th>
              <Table.Th>Índice</Table.Th>
              <Table.Th ta="right">Percentual</Table.Th>
              <Table.Th>Aplicado em</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contrato.reajustes.map((reajuste) => (
              <Table.Tr key={reajuste.aniversario}>
                <Table.Td>{formatDate(reajuste.aniversario)}</Table.Td>
                <Table.Td>{indiceLabel(reajuste.indice)}</Table.Td>
                <Table.Td ta="right">{formatPercentual(reajuste.percentual)}</Table.Td>
                <Table.Td>{formatDate(reajuste.aplicado_em)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FormSection>
  );
}

/**
 * A contract's page: number, customer, situação and actions in the header; its calendar,
 * fidelidade and reajuste; the current services; the bills with their receivables; the price
 * history and the reajustes; how it was cancelled. `?novo-preco=1` opens "Novo preço" (the edit
 * form links here for it).
 */
export function ContratoView({ contrato: c }: { contrato: Contrato }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const novoPreco = searchParams.has('novo-preco') && c.situacao !== 'Cancelado';
  const [cancelando, setCancelando] = useState(false);
  const abrirNovoPreco = (aberto: boolean) =>
    setSearchParams(aberto ? { 'novo-preco': '1' } : {}, { replace: !aberto });

  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span data-testid="contrato-titulo">{nomeContrato(c.numero)}</span>
            <SituacaoContratoBadge situacao={c.situacao} size="lg" />
          </Group>
        }
        description={
          <>
            <Text span fw={600} c="var(--mantine-color-text)" data-testid="contrato-cliente">
              {c.cliente_nome}
            </Text>
            {c.descricao && ` · ${c.descricao}`}
          </>
        }
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LISTA_PATH },
          { label: nomeContrato(c.numero) },
        ]}
        actions={
          <Acoes
            contrato={c}
            onNovoPreco={() => abrirNovoPreco(true)}
            onCancelar={() => setCancelando(true)}
          />
        }
      />
      <Avisos contrato={c} />
      <Cartoes contrato={c} />
      <FormSection title="Serviços" description={vigenciaDosItens(c)}>
        <ItensTabela itens={c.itens} total={c.valor_ciclo} data-testid="contrato-itens" />
      </FormSection>
      <Faturas faturas={c.faturas} />
      <HistoricoPrecos contrato={c} />
      <Reajustes contrato={c} />
      {c.observacoes && (
        <FormSection title="Observações">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {c.observacoes}
          </Text>
        </FormSection>
      )}
      <NovoPrecoModal contrato={c} opened={novoPreco} onClose={() => abrirNovoPreco(false)} />
      <CancelarContratoModal
        contrato={c}
        opened={cancelando}
        onClose={() => setCancelando(false)}
      />
    </Stack>
  );
}
