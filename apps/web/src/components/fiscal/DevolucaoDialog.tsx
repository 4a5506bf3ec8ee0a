import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArrowBackUp, IconFileInvoice } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@prumo/shared/dates';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import {
  ACERTO_DEVOLUCAO_LABELS,
  ACERTOS_DEVOLUCAO,
  type AcertoDevolucao,
  type DevolucaoOrigem,
  type DevolucaoOrigemItem,
  type DevolucaoOrigemQuery,
  type ModeloFiscal,
  type TipoDevolucao,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useContas } from '../../api/financeiro';
import { useOrigemDevolucao, useRegistrarDevolucao } from '../../api/fiscal';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useChavePorCorpo } from '../../lib/idempotency';
import { CadastroSelect, type CadastroEscolhido } from '../CadastroSelect';
import { DecimalInput } from '../inputs/DecimalInput';
import { notifySuccess, notifyWarning } from '../notify';
import {
  corpoDaDevolucao,
  DEVOLUCAO_TEXTOS as T,
  erroDaQuantidade,
  errosDaDevolucao,
  quantidadesDisponiveis,
  valorDaDevolucao,
  valorDoItem,
  type DevolucaoValores,
} from './devolucao';
import { formatChave, formatNumeroNota, notaPath, tituloNota } from './nota';

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

function LinhaDoItem({
  item,
  quantidade,
  onChange,
}: {
  item: DevolucaoOrigemItem;
  quantidade: number | null;
  onChange: (quantidade: number | null) => void;
}) {
  const erro = erroDaQuantidade(item, quantidade);
  return (
    <Table.Tr data-testid={`devolucao-item-${item.n_item}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.n_item}. {item.descricao}
        </Text>
        {item.produto_nome !== item.descricao && (
          <Text size="xs" c="dimmed">
            {item.produto_nome}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatQuantidadeUnidade(item.quantidade, item.unidade)}
        {item.devolvida > 0 && (
          <Text size="xs" c="dimmed">
            já devolvido {formatQuantidadeUnidade(item.devolvida, item.unidade)}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid={`disponivel-${item.n_item}`}>
        {formatQuantidadeUnidade(item.disponivel, item.unidade)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(item.valor_liquido_unitario)}
      </Table.Td>
      <Table.Td w={150}>
        <DecimalInput
          aria-label={`Quantidade a devolver do item ${item.n_item}`}
          decimalScale={3}
          min={0}
          value={quantidade}
          onValueChange={onChange}
          disabled={item.disponivel <= 0}
          error={erro}
        />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(valorDoItem(item, quantidade))}
      </Table.Td>
    </Table.Tr>
  );
}

/** The active accounts, to refund from (a customer's return) or to receive in (a supplier's). */
function ContaSelect({
  tipo,
  value,
  onChange,
  error,
}: {
  tipo: TipoDevolucao;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const contas = useContas();
  const ativas = (contas.data ?? []).filter((conta) => conta.ativo);
  return (
    <Select
      label={T.conta[tipo]}
      placeholder={T.contaPlaceholder}
      withAsterisk
      data={ativas.map((conta) => ({ value: String(conta.id), label: conta.nome }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      rightSection={contas.isFetching ? <Loader size={14} /> : undefined}
      error={error}
    />
  );
}

function Formulario({
  consulta,
  origem,
  onClose,
}: {
  consulta: DevolucaoOrigemQuery;
  origem: DevolucaoOrigem;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const registrar = useRegistrarDevolucao();
  const chave = useChavePorCorpo();
  const [valores, setValores] = useState<DevolucaoValores>(() => ({
    quantidades: Object.fromEntries(origem.itens.map((item) => [item.n_item, 0])),
    motivo: '',
    acerto: null,
    contaId: null,
    clienteId: null,
  }));
  const [cliente, setCliente] = useState<CadastroEscolhido | null>(null);
  // The checks show once the user tried to send (a quantity above the available at once).
  const [tentou, setTentou] = useState(false);
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const [errosServidor, setErrosServidor] = useState<Record<string, string>>({});

  const tipo = consulta.tipo;
  const erros = errosDaDevolucao(consulta, origem, valores);
  const erro = (campo: string) => errosServidor[campo] ?? (tentou ? erros[campo] : undefined);
  const mudar = (novos: Partial<DevolucaoValores>) => {
    setValores((atuais) => ({ ...atuais, ...novos }));
    setErrosServidor({});
  };
  const mudarQuantidade = (nItem: number, quantidade: number | null) =>
    setValores((atuais) => ({
      ...atuais,
      quantidades: { ...atuais.quantidades, [nItem]: quantidade },
    }));

  async function enviar() {
    setTentou(true);
    setErroServidor(null);
    if (Object.keys(erros).length > 0) return;
    const dados = corpoDaDevolucao(consulta, origem, valores);
    try {
      const devolucao = await registrar.mutateAsync({ dados, idempotencyKey: chave(dados) });
      notifySuccess(
        T.registrada(
          devolucao.nota_numero === null ? null : formatNumeroNota(devolucao.nota_numero),
        ),
      );
      if (devolucao.nota_situacao && devolucao.nota_situacao !== 'Autorizada') {
        notifyWarning(T.notaNaoAutorizada(devolucao.nota_situacao));
      }
      onClose();
      if (devolucao.nota_id !== null) void navigate(notaPath(devolucao.nota_id));
    } catch (error) {
      console.error(T.erroRegistrar, error);
      setErroServidor(errorText(T.erroRegistrar, error));
      if (error instanceof ApiError) setErrosServidor(error.fields);
    }
  }

  const semPessoa = tipo === 'cliente' && origem.pessoa === null;
  const nadaDisponivel = origem.itens.every((item) => item.disponivel <= 0);
  const valor = valorDaDevolucao(origem, valores);
  return (
    <Stack gap="md" data-testid="devolucao-dialog">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Campo label="Nota de origem">
          {tituloNota({ modelo: origem.modelo as ModeloFiscal, numero: origem.numero })} · Série{' '}
          {origem.serie}
        </Campo>
        <Campo label="Emissão">{formatDateTime(origem.emitida_em)}</Campo>
        <Campo label={tipo === 'cliente' ? 'Cliente' : 'Fornecedor'}>
          <span data-testid="devolucao-pessoa">{origem.pessoa?.nome ?? T.consumidor}</span>
        </Campo>
      </SimpleGrid>
      <Text size="xs" c="dimmed" ff="monospace">
        Chave {formatChave(origem.chave)}
      </Text>
      {semPessoa && (
        <CadastroSelect
          tipo="cliente"
          label={T.cliente}
          placeholder={T.clientePlaceholder}
          nothingFound={T.clienteNaoEncontrado}
          required
          value={cliente}
          onChange={(escolhido) => {
            setCliente(escolhido);
            mudar({ clienteId: escolhido?.id ?? null });
          }}
          error={erro('cliente_id')}
          data-testid="devolucao-cliente"
        />
      )}

      {nadaDisponivel && (
        <Alert color="yellow" variant="light" data-testid="devolucao-nada-disponivel">
          {T.nadaDisponivel}
        </Alert>
      )}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Itens da nota
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => mudar({ quantidades: quantidadesDisponiveis(origem) })}
          >
            {T.devolverTudo}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Na nota</Table.Th>
                <Table.Th>Disponível</Table.Th>
                <Table.Th ta="right">Valor unitário</Table.Th>
                <Table.Th>Devolver</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {origem.itens.map((item) => (
                <LinhaDoItem
                  key={item.n_item}
                  item={item}
                  quantidade={valores.quantidades[item.n_item] ?? null}
                  onChange={(quantidade) => mudarQuantidade(item.n_item, quantidade)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {erro('itens') && (
          <Text size="sm" c="red" data-testid="devolucao-erro-itens">
            {erro('itens')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Text size="sm">{T.valor}:</Text>
          <Text size="lg" fw={700} data-testid="devolucao-valor">
            {formatMoney(valor)}
          </Text>
        </Group>
      </Stack>

      <Textarea
        label={T.motivo}
        description={T.motivoAjuda}
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={valores.motivo}
        onChange={(event) => mudar({ motivo: event.currentTarget.value })}
        error={erro('motivo')}
      />
      <Radio.Group
        label={T.acerto}
        withAsterisk
        value={valores.acerto}
        onChange={(acerto) => mudar({ acerto: acerto as AcertoDevolucao })}
        error={erro('acerto')}
      >
        <Stack gap={6} mt={6}>
          {ACERTOS_DEVOLUCAO.map((acerto) => (
            <Radio key={acerto} value={acerto} label={ACERTO_DEVOLUCAO_LABELS[tipo][acerto]} />
          ))}
        </Stack>
      </Radio.Group>
      {valores.acerto === 'reembolso' && (
        <ContaSelect
          tipo={tipo}
          value={valores.contaId}
          onChange={(contaId) => mudar({ contaId })}
          error={erro('conta_id')}
        />
      )}

      {erroServidor && (
        <Alert color="red" variant="light" data-testid="devolucao-erro">
          {erroServidor}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={registrar.isPending}>
          Cancelar
        </Button>
        <Button
          leftSection={<IconFileInvoice size={16} />}
          loading={registrar.isPending}
          disabled={nadaDisponivel}
          onClick={() => void enviar()}
        >
          {T.emitir}
        </Button>
      </Group>
    </Stack>
  );
}

/** Loads what the original note still lets return, then the form. */
function Conteudo({ consulta, onClose }: { consulta: DevolucaoOrigemQuery; onClose: () => void }) {
  const origem = useOrigemDevolucao(consulta);
  if (origem.data) return <Formulario consulta={consulta} origem={origem.data} onClose={onClose} />;
  if (origem.isError) {
    return (
      <Stack>
        <Alert color="red" variant="light" data-testid="devolucao-erro-origem">
          {errorText(T.erroOrigem, origem.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="center" p="xl" gap="xs">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {T.carregando}
      </Text>
    </Group>
  );
}

/**
 * Registrar devolução (a customer's, from the sale's NF-e or NFC-e) or Devolver ao fornecedor
 * (from a purchase entered by XML), admins and managers: the original note and its items with
 * what may still be returned, the quantity of each (Devolver tudo fills them), the value as it
 * goes, the reason, the settlement (refund now from or into an account, or a credit) and, when
 * the sale had no customer, who returns. Emitir NF-e de devolução sends it; the server's refusal
 * stays in the dialog; once registered, the return's note opens.
 */
export function DevolucaoDialog({
  origem,
  onClose,
}: {
  /** Open while set: the sale's note (tipo cliente) or the purchase's entry (tipo fornecedor). */
  origem: DevolucaoOrigemQuery | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={origem !== null}
      onClose={onClose}
      title={origem ? T.titulo[origem.tipo] : ''}
      size="60rem"
      closeOnClickOutside={false}
    >
      {origem && (
        <Conteudo
          key={origem.tipo === 'cliente' ? `n${origem.nota_id}` : `e${origem.entrada_id}`}
          consulta={origem}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
