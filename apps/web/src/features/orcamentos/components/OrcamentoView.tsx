import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconCopy,
  IconFileInvoice,
  IconLock,
  IconPencil,
  IconPrinter,
  IconSend,
  IconThumbDown,
  IconThumbUp,
  IconTransform,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  ACAO_STATUS_ORCAMENTO,
  formatNumeroOrcamento,
  ORCAMENTO_MESSAGES,
  ORCAMENTO_TRANSICOES,
  orcamentoEditavel,
  statusOrcamentoLabel,
  type Orcamento,
} from '@prumo/shared/orcamentos';
import { CANAIS_VENDA_OS, formatNumeroOs } from '@prumo/shared/ordens-servico';
import { formaPagamentoLabel, formatNumeroVenda } from '@prumo/shared/vendas';
import {
  useDuplicarOrcamento,
  useMudarStatusOrcamento,
  type MudarStatusOrcamentoInput,
} from '../../../api/orcamentos';
import { EnviarEmailButton } from '../../../components/EnviarEmailButton';
import { FormSection } from '../../../components/form/FormSection';
import { notifyError, notifySuccess } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useImprimirOrcamento } from '../imprimir';
import { editarPath, ordemServicoPath, vendaPath } from '../paths';
import { ConverterModal } from './ConverterModal';
import { StatusOrcamentoBadge } from './StatusOrcamentoBadge';

type Escolhivel = MudarStatusOrcamentoInput['status'];
const ICONE: Record<Escolhivel, ReactNode> = {
  pendente: <IconSend size={16} />,
  aprovado: <IconThumbUp size={16} />,
  rejeitado: <IconThumbDown size={16} />,
};
const COR: Record<Escolhivel, string> = { pendente: 'blue', aprovado: 'green', rejeitado: 'red' };

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** A kind of line as the customer reads it: item, quantity, unit value, discount, subtotal. */
function LinhasTabela({
  titulo,
  linhas,
  testId,
}: {
  titulo: string;
  linhas: ReadonlyArray<Omit<Orcamento['servicos'][number], 'servico_id'>>;
  testId: string;
}) {
  if (linhas.length === 0) return null;
  return (
    <FormSection title={titulo}>
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qtd.</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th ta="right">Desconto</Table.Th>
              <Table.Th ta="right">Subtotal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map((linha) => (
              <Table.Tr key={linha.id}>
                <Table.Td>
                  <Text size="sm">{linha.nome}</Text>
                  {linha.detalhes && (
                    <Text size="xs" c="dimmed">
                      {linha.detalhes}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{linha.quantidade.toLocaleString('pt-BR')}</Table.Td>
                <Table.Td ta="right">{formatMoney(linha.valor)}</Table.Td>
                <Table.Td ta="right">{linha.desconto ? formatMoney(linha.desconto) : '—'}</Table.Td>
                <Table.Td ta="right">{formatMoney(linha.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FormSection>
  );
}

function Totais({ orcamento }: { orcamento: Orcamento }) {
  const linha = (label: string, valor: number, forte = false) => (
    <Group justify="space-between" gap="xs">
      <Text size={forte ? 'md' : 'sm'} fw={forte ? 700 : 400}>
        {label}
      </Text>
      <Text size={forte ? 'md' : 'sm'} fw={forte ? 700 : 400}>
        {formatMoney(valor)}
      </Text>
    </Group>
  );
  return (
    <FormSection title="Totais">
      <Stack gap={4} maw={360} data-testid="orcamento-totais">
        {orcamento.produtos.length > 0 && linha('Produtos', orcamento.total_produtos)}
        {orcamento.servicos.length > 0 && linha('Serviços', orcamento.total_servicos)}
        {orcamento.frete > 0 && linha('Frete', orcamento.frete)}
        {orcamento.exibir_valor_total ? (
          linha('Total', orcamento.valor_total, true)
        ) : (
          <Text size="xs" c="dimmed">
            Valor total oculto na impressão (total interno: {formatMoney(orcamento.valor_total)}).
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}

function Pagamento({ orcamento }: { orcamento: Orcamento }) {
  if (!orcamento.condicao_pagamento) return null;
  return (
    <FormSection title="Condições de pagamento">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Info label="Forma de pagamento">{formaPagamentoLabel(orcamento.forma_pagamento)}</Info>
        <Info label="Condição">{orcamento.condicoes_pagamento}</Info>
      </SimpleGrid>
      {orcamento.parcelas.length > 0 && (
        <Table maw={420} data-testid="orcamento-parcelas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parcela</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orcamento.parcelas.map((parcela) => (
              <Table.Tr key={parcela.numero}>
                <Table.Td>{parcela.numero}ª</Table.Td>
                <Table.Td>{formatDate(parcela.vencimento)}</Table.Td>
                <Table.Td ta="right">{formatMoney(parcela.valor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </FormSection>
  );
}

function Entrega({ orcamento: o }: { orcamento: Orcamento }) {
  const endereco = [
    [o.logradouro, o.numero_endereco].filter(Boolean).join(', '),
    o.complemento,
    o.bairro,
    [o.cidade, o.uf].filter(Boolean).join('/'),
    o.cep,
  ]
    .filter(Boolean)
    .join(' · ');
  if (!o.prazo_entrega && !o.transportadora_nome && !endereco) return null;
  return (
    <FormSection title="Entrega">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Info label="Prazo de entrega">{o.prazo_entrega}</Info>
        <Info label="Transportadora">{o.transportadora_nome}</Info>
        <Info label="Endereço de entrega">{endereco}</Info>
      </SimpleGrid>
    </FormSection>
  );
}

function Historico({ orcamento }: { orcamento: Orcamento }) {
  if (orcamento.historico.length === 0) return null;
  return (
    <FormSection title="Histórico de status">
      <Timeline bulletSize={14} lineWidth={2} data-testid="orcamento-historico">
        {orcamento.historico.map((item, index) => (
          <Timeline.Item key={index} title={statusOrcamentoLabel(item.status)}>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.created_at)}
              {item.usuario_nome && ` · ${item.usuario_nome}`}
            </Text>
            {item.observacao && <Text size="sm">{item.observacao}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </FormSection>
  );
}

/** The sale and the order the quote became. */
function Conversao({ orcamento: o }: { orcamento: Orcamento }) {
  if (o.venda_id === null && o.ordem_servico_id === null) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconTransform size={18} />}
      data-testid="orcamento-conversao"
    >
      <Stack gap={4}>
        <Text size="sm">
          Convertido{o.convertido_em ? ` em ${formatDateTime(o.convertido_em)}` : ''}:
        </Text>
        {o.venda_id !== null && (
          <Anchor component={Link} to={vendaPath(o.venda_id)} size="sm" data-testid="link-venda">
            Venda Nº {o.venda_numero === null ? o.venda_id : formatNumeroVenda(o.venda_numero)}
          </Anchor>
        )}
        {o.ordem_servico_id !== null && (
          <Anchor
            component={Link}
            to={ordemServicoPath(o.ordem_servico_id)}
            size="sm"
            data-testid="link-os"
          >
            Ordem de serviço Nº{' '}
            {o.ordem_servico_numero === null
              ? o.ordem_servico_id
              : formatNumeroOs(o.ordem_servico_numero)}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** The status moves ORCAMENTO_TRANSICOES allows, Converter, Duplicar, Editar and Imprimir. */
function Acoes({ orcamento }: { orcamento: Orcamento }) {
  const navigate = useNavigate();
  const mudar = useMudarStatusOrcamento();
  const duplicar = useDuplicarOrcamento();
  const imprimir = useImprimirOrcamento();
  const [rejeitando, setRejeitando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [convertendo, setConvertendo] = useState(false);
  const convertido = orcamento.venda_id !== null || orcamento.ordem_servico_id !== null;

  async function mudarPara(status: Escolhivel, observacao?: string) {
    try {
      await mudar.mutateAsync({
        id: orcamento.id,
        status,
        observacao,
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(ORCAMENTO_MESSAGES.statusAlterado);
      setRejeitando(false);
    } catch (error) {
      console.error('Erro ao alterar o status do orçamento', error);
      notifyError(errorText('Erro ao alterar o status do orçamento', error));
    }
  }

  async function copiar() {
    try {
      const copia = await duplicar.mutateAsync({
        id: orcamento.id,
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(ORCAMENTO_MESSAGES.duplicado);
      void navigate(editarPath(copia.id));
    } catch (error) {
      console.error('Erro ao duplicar orçamento', error);
      notifyError(errorText('Erro ao duplicar orçamento', error));
    }
  }

  return (
    <Group gap="xs" data-testid="orcamento-acoes">
      {(ORCAMENTO_TRANSICOES[orcamento.status] as readonly Escolhivel[]).map((status) => (
        <Button
          key={status}
          color={COR[status]}
          variant={status === 'rejeitado' ? 'light' : 'filled'}
          leftSection={ICONE[status]}
          loading={mudar.isPending && mudar.variables?.status === status}
          onClick={() => (status === 'rejeitado' ? setRejeitando(true) : void mudarPara(status))}
        >
          {ACAO_STATUS_ORCAMENTO[status]}
        </Button>
      ))}
      {orcamento.status === 'aprovado' && !convertido && (
        <Button
          color="teal"
          leftSection={<IconFileInvoice size={16} />}
          onClick={() => setConvertendo(true)}
        >
          Converter
        </Button>
      )}
      {orcamentoEditavel(orcamento.status) && (
        <Button
          component={Link}
          to={editarPath(orcamento.id)}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          Editar
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconCopy size={16} />}
        loading={duplicar.isPending}
        onClick={() => void copiar()}
      >
        Duplicar
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={imprimir.imprimindo === orcamento.id}
        onClick={() => void imprimir.imprimir(orcamento)}
        data-testid="orcamento-imprimir"
      >
        Imprimir
      </Button>
      <EnviarEmailButton caminho={`/orcamentos/${orcamento.id}`} clienteId={orcamento.cliente_id} />

      <Modal
        opened={rejeitando}
        onClose={() => setRejeitando(false)}
        title="Rejeitar orçamento"
        centered
      >
        <Stack gap="sm">
          <Textarea
            label="Motivo (opcional)"
            placeholder="O que o cliente respondeu"
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(event) => setMotivo(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejeitando(false)}>
              Cancelar
            </Button>
            <Button
              color="red"
              loading={mudar.isPending}
              onClick={() => void mudarPara('rejeitado', motivo.trim() || undefined)}
            >
              {ACAO_STATUS_ORCAMENTO.rejeitado}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConverterModal
        orcamento={orcamento}
        opened={convertendo}
        onClose={() => setConvertendo(false)}
      />
    </Group>
  );
}

/**
 * The quote as the customer will read it (the PDF adds the company's header), then what only
 * the team sees: the internal notes, the status history and the documents it became.
 */
export function OrcamentoView({ orcamento: o }: { orcamento: Orcamento }) {
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm">
              <Title order={2} size="h3" data-testid="orcamento-titulo">
                Orçamento Nº {formatNumeroOrcamento(o.numero)}
              </Title>
              <StatusOrcamentoBadge status={o.status} size="lg" />
            </Group>
            <Acoes orcamento={o} />
          </Group>
          {o.status === 'expirado' && (
            <Alert color="orange" variant="light">
              {ORCAMENTO_MESSAGES.expirado}
            </Alert>
          )}
          <Conversao orcamento={o} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Info label="Data">{formatDate(o.data)}</Info>
            <Info label="Válido até">{formatDate(o.data_vencimento)}</Info>
            <Info label="Cliente">{o.cliente_nome}</Info>
            <Info label="Vendedor">{o.vendedor_nome ?? o.responsavel}</Info>
            {o.aos_cuidados && <Info label="Aos cuidados de">{o.aos_cuidados}</Info>}
            <Info label="Canal de venda">
              {CANAIS_VENDA_OS.find((c) => c.value === o.canal_venda)?.label ?? o.canal_venda}
            </Info>
          </SimpleGrid>
          {o.introducao && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="orcamento-introducao">
              {o.introducao}
            </Text>
          )}
        </Stack>
      </Paper>
      <LinhasTabela titulo="Produtos" linhas={o.produtos} testId="orcamento-produtos" />
      <LinhasTabela titulo="Serviços" linhas={o.servicos} testId="orcamento-servicos" />
      <Totais orcamento={o} />
      <Pagamento orcamento={o} />
      <Entrega orcamento={o} />
      {o.observacoes && (
        <FormSection title="Observações">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.observacoes}
          </Text>
        </FormSection>
      )}
      {o.observacoes_internas && (
        <Alert
          color="gray"
          variant="outline"
          icon={<IconLock size={18} />}
          title="Somente uso interno"
          data-testid="orcamento-obs-internas"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.observacoes_internas}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Não aparece na impressão do orçamento.
          </Text>
        </Alert>
      )}
      <Historico orcamento={o} />
    </Stack>
  );
}
