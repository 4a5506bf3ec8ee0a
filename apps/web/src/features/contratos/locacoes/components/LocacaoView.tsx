import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconPencil,
  IconPrinter,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  descreverComposicao,
  LOCACAO_TRANSICOES,
  TITULOS_DE_LOCACAO,
  type Locacao,
  type LocacaoTitulo,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { transicaoPermitida } from '@prumo/shared/transicoes';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { fetchLocacaoPdf } from '../../../../api/locacoes';
import { FormSection } from '../../../../components/form/FormSection';
import { PageHeader } from '../../../../components/PageHeader';
import { useImprimir } from '../../../../components/use-imprimir';
import { useSession } from '../../../../lib/session';
import { editarLocacaoPath, LOCACOES_PATH, tituloPath } from '../paths';
import { diasTexto, LOCACAO_TEXTOS as T, nomeLocacao } from '../textos';
import { SituacaoLocacaoBadge } from './SituacaoLocacaoBadge';
import { SituacaoLocacaoModal, type Movimento } from './SituacaoLocacaoModal';

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

const SITUACAO_TITULO: Record<LocacaoTitulo['situacao_titulo'], { label: string; cor: string }> = {
  aberto: { label: 'Em aberto', cor: 'blue' },
  pago: { label: 'Pago', cor: 'green' },
  cancelado: { label: 'Cancelado', cor: 'gray' },
};
const tipoLabel = (tipo: string) => TITULOS_DE_LOCACAO.find((t) => t.value === tipo)?.label ?? tipo;

/** The header's actions: the moves LOCACAO_TRANSICOES allows the user's role, and the print. */
function Acoes({ locacao, onMover }: { locacao: Locacao; onMover: (m: Movimento) => void }) {
  const role = useSession().user?.role;
  const pode = (para: Movimento) =>
    role !== undefined && transicaoPermitida(LOCACAO_TRANSICOES, locacao.situacao, para, role);
  const imprimir = useImprimir(fetchLocacaoPdf, T.erroImprimir);
  return (
    <Group gap="xs" data-testid="locacao-acoes">
      {locacao.situacao === 'Reservada' && (
        <Button
          component={Link}
          to={editarLocacaoPath(locacao.id)}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          Editar
        </Button>
      )}
      {pode('Retirada') && (
        <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => onMover('Retirada')}>
          {T.retirar}
        </Button>
      )}
      {pode('Devolvida') && (
        <Button
          color="green"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => onMover('Devolvida')}
        >
          {T.devolver}
        </Button>
      )}
      {pode('Cancelada') && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={16} />}
          onClick={() => onMover('Cancelada')}
        >
          {T.cancelar}
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={imprimir.imprimindo === locacao.id}
        onClick={() => void imprimir.imprimir(locacao)}
        data-testid="locacao-imprimir"
      >
        {T.imprimir}
      </Button>
    </Group>
  );
}

/** /contratos/locacoes/{id}: the rental, its items and units, its bills, and its moves. */
export function LocacaoView({ locacao: l }: { locacao: Locacao }) {
  const [movimento, setMovimento] = useState<Movimento | null>(null);
  return (
    <>
      <PageHeader
        title={nomeLocacao(l.numero)}
        description={l.cliente_nome}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LOCACOES_PATH },
          { label: nomeLocacao(l.numero) },
        ]}
        actions={<Acoes locacao={l} onMover={setMovimento} />}
      />
      <Stack gap="md">
        {l.atrasada && (
          <Alert color="red" variant="light" data-testid="locacao-atrasada">
            Devolução prevista para {formatDate(l.devolucao_prevista)}: {diasTexto(l.dias_atraso)}{' '}
            de atraso, cobrados pela diária na devolução.
          </Alert>
        )}
        {l.situacao === 'Cancelada' && (
          <Alert color="red" variant="light" title="Locação cancelada">
            {l.motivo_cancelamento}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <FormSection title="Período">
            <SimpleGrid cols={2} spacing="sm">
              <Info label="Situação">
                <SituacaoLocacaoBadge situacao={l.situacao} atrasada={l.atrasada} />
              </Info>
              <Info label="Período">{diasTexto(l.dias)}</Info>
              <Info label="Retirada">{formatDate(l.retirada)}</Info>
              <Info label="Devolução prevista">{formatDate(l.devolucao_prevista)}</Info>
              <Info label="Retirada em" testId="locacao-retirada-em">
                {l.retirada_em && formatDate(l.retirada_em)}
              </Info>
              <Info label="Devolvida em" testId="locacao-devolvida-em">
                {l.devolvida_em && formatDate(l.devolvida_em)}
              </Info>
            </SimpleGrid>
          </FormSection>
          <FormSection title="Valores">
            <SimpleGrid cols={2} spacing="sm">
              <Info label="Valor da locação" testId="locacao-valor">
                {formatMoney(l.valor)}
              </Info>
              <Info label="Forma de pagamento">{formaPagamentoLabel(l.forma_pagamento)}</Info>
              <Info label="Caução">{formatMoney(l.caucao)}</Info>
              <Info label="Caução devolvida">
                {l.caucao_devolvida !== null && formatMoney(l.caucao_devolvida)}
              </Info>
              <Info label="Atraso" testId="locacao-multa">
                {l.multa_atraso !== null &&
                  `${diasTexto(l.dias_atraso)}: ${formatMoney(l.multa_atraso)}`}
              </Info>
              <Info label="Danos">{l.danos !== null && formatMoney(l.danos)}</Info>
            </SimpleGrid>
          </FormSection>
        </SimpleGrid>
        <FormSection title="Itens">
          <Table data-testid="locacao-itens-leitura">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Unidades</Table.Th>
                <Table.Th ta="right">Qtd.</Table.Th>
                <Table.Th>Cobrança</Table.Th>
                <Table.Th ta="right">Subtotal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {l.itens.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.nome}</Table.Td>
                  <Table.Td>
                    {i.unidades
                      .map((u) => `nº ${u.numero}${u.identificacao ? ` (${u.identificacao})` : ''}`)
                      .join(', ')}
                  </Table.Td>
                  <Table.Td ta="right">{i.quantidade}</Table.Td>
                  <Table.Td>
                    {descreverComposicao(i)} · {formatMoney(i.valor)} por unidade
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(i.subtotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FormSection>
        <FormSection
          title="Cobranças no Financeiro"
          description="O aluguel e a caução na retirada; o atraso, a devolução da caução e os danos na devolução."
        >
          {l.titulos.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nada lançado ainda: as cobranças são geradas na retirada.
            </Text>
          ) : (
            <Table data-testid="locacao-titulos">
              <Table.Tbody>
                {l.titulos.map((t) => (
                  <Table.Tr key={t.titulo_id} data-tipo={t.tipo}>
                    <Table.Td>
                      <Anchor component={Link} to={tituloPath(t.titulo_id, t.natureza)} size="sm">
                        {tipoLabel(t.tipo)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t.descricao}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t.natureza === 'receber' ? 'A receber' : 'A pagar'}</Table.Td>
                    <Table.Td ta="right">{formatMoney(t.valor)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={SITUACAO_TITULO[t.situacao_titulo].cor}>
                        {SITUACAO_TITULO[t.situacao_titulo].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </FormSection>
        {l.observacoes && (
          <FormSection title="Observações">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {l.observacoes}
            </Text>
          </FormSection>
        )}
      </Stack>
      <SituacaoLocacaoModal locacao={l} situacao={movimento} onClose={() => setMovimento(null)} />
    </>
  );
}
