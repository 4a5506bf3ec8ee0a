import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatCnpj } from '@prumo/shared/brasil';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import type { EntradaNfe, EntradaPrevia, EntradaPreviaItem } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useConfirmarEntrada } from '../../../api/entradas-nfe';
import { formatChave, formatNumeroNota } from '../../../components/fiscal/nota';
import { DecimalInput } from '../../../components/inputs/DecimalInput';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ProdutoSearch } from '../../../components/ProdutoSearch';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import {
  custoUnitario,
  dadosDaConfirmacao,
  decisoesIniciais,
  decisoesValidas,
  ENTRADAS_TEXTOS as T,
  ORIGEM_TEXTO,
  quantidadeDaEntrada,
  unidadeDoNovo,
  type DecisaoItem,
} from '../entradas-view';

/** An uploaded note and its preview: what the conference works on. */
export interface Importacao {
  arquivo: File;
  previa: EntradaPrevia;
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The product of one item: the proposal or the user's choice, another product, or a new one. */
function ProdutoDoItem({
  item,
  decisao,
  onChange,
}: {
  item: EntradaPreviaItem;
  decisao: DecisaoItem;
  onChange: (decisao: DecisaoItem) => void;
}) {
  const escolher = (produto: DecisaoItem['produto']) =>
    onChange({ ...decisao, produto, origem: produto ? 'escolhido' : 'criar' });
  const ambiguo = decisao.produto === null && item.gtin_ambiguo.length > 1;
  return (
    <Stack gap={4} miw={240}>
      <Group gap={6} wrap="nowrap">
        <Badge
          size="xs"
          variant="light"
          color={decisao.produto ? 'teal' : 'blue'}
          data-testid={`origem-${item.n_item}`}
        >
          {ORIGEM_TEXTO[decisao.origem]}
        </Badge>
        <Text size="sm" fw={500} lineClamp={1} data-testid={`produto-${item.n_item}`}>
          {decisao.produto?.nome ?? T.criarProduto}
        </Text>
      </Group>
      {!decisao.produto && (
        <Text size="xs" c="dimmed">
          {T.criarProdutoAjuda(unidadeDoNovo(item, decisao.fator))}
        </Text>
      )}
      {ambiguo && (
        <Alert color="yellow" variant="light" p={6} data-testid={`ambiguo-${item.n_item}`}>
          <Text size="xs">{T.gtinAmbiguo}</Text>
          <Group gap={6} mt={4}>
            {item.gtin_ambiguo.map((produto) => (
              <Button
                key={produto.id}
                size="compact-xs"
                variant="light"
                onClick={() => escolher(produto)}
              >
                {produto.nome}
              </Button>
            ))}
          </Group>
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <div style={{ flex: 1 }}>
          <ProdutoSearch
            label={T.trocarProduto}
            placeholder={T.buscarProduto}
            data-testid={`buscar-produto-${item.n_item}`}
            onSelect={(produto) =>
              escolher({ id: produto.id, nome: produto.nome, unidade: produto.unidade_medida })
            }
            renderInfo={(produto) =>
              formatQuantidadeUnidade(produto.estoque, produto.unidade_medida)
            }
          />
        </div>
        {decisao.produto && (
          <Anchor component="button" type="button" size="xs" onClick={() => escolher(null)}>
            {T.criarProduto}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

function LinhaDoItem({
  item,
  decisao,
  onChange,
}: {
  item: EntradaPreviaItem;
  decisao: DecisaoItem;
  onChange: (decisao: DecisaoItem) => void;
}) {
  const quantidade = quantidadeDaEntrada(item, decisao.fator);
  const custo = custoUnitario(item, decisao.fator);
  const unidade = decisao.produto?.unidade ?? unidadeDoNovo(item, decisao.fator);
  return (
    <Table.Tr data-testid={`item-${item.n_item}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.n_item}. {item.descricao}
        </Text>
        <Text size="xs" c="dimmed">
          Cód. {item.codigo}
          {item.gtin ? ` · GTIN ${item.gtin}` : ''} · NCM {item.ncm}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatQuantidadeUnidade(item.quantidade, item.unidade)}</Text>
        <Text size="xs" c="dimmed">
          {formatMoney(item.custo_total)}
        </Text>
      </Table.Td>
      <Table.Td>
        <ProdutoDoItem item={item} decisao={decisao} onChange={onChange} />
      </Table.Td>
      <Table.Td w={110}>
        <DecimalInput
          aria-label={`Fator do item ${item.n_item}`}
          decimalScale={3}
          value={decisao.fator}
          onValueChange={(fator) => onChange({ ...decisao, fator })}
          error={quantidade === null ? T.fatorInvalido : undefined}
        />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid={`entrada-${item.n_item}`}>
        {quantidade === null ? '—' : formatQuantidadeUnidade(quantidade, unidade)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`custo-${item.n_item}`}>
        {custo === null ? '—' : formatMoney(custo)}
      </Table.Td>
    </Table.Tr>
  );
}

function Conferencia({
  importacao,
  onClose,
  onLancada,
}: {
  importacao: Importacao;
  onClose: () => void;
  onLancada: (entrada: EntradaNfe) => void;
}) {
  const { previa, arquivo } = importacao;
  const [decisoes, setDecisoes] = useState(() => decisoesIniciais(previa));
  // One key for every try of this confirmation: a retry after a lost answer is entered once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const confirmar = useConfirmarEntrada();
  const validas = decisoesValidas(previa, decisoes);

  const lancar = async () => {
    try {
      const entrada = await confirmar.mutateAsync({
        arquivo,
        dados: dadosDaConfirmacao(previa, decisoes),
        idempotencyKey,
      });
      notifySuccess(T.sucesso(entrada.numero));
      onLancada(entrada);
    } catch (error) {
      console.error(T.erroConfirmar, error);
      notifyError(errorText(T.erroConfirmar, error));
    }
  };

  const { fornecedor } = previa;
  return (
    <Stack gap="md" data-testid="entrada-conferencia">
      {previa.homologacao && (
        <Alert color="orange" variant="light">
          {T.homologacao}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Campo label="Fornecedor">
          {fornecedor.nome}
          <Text size="xs" c="dimmed">
            CNPJ {formatCnpj(fornecedor.cnpj)}
            {fornecedor.cidade ? ` · ${fornecedor.cidade}/${fornecedor.uf ?? ''}` : ''}
          </Text>
        </Campo>
        <Campo label="NF-e">
          Nº {formatNumeroNota(previa.numero)} · Série {previa.serie}
        </Campo>
        <Campo label="Emissão">{formatDateTime(previa.emitida_em)}</Campo>
        <Campo label="Valor total">{formatMoney(previa.valor_total)}</Campo>
      </SimpleGrid>
      <Text size="xs" c="dimmed" ff="monospace">
        Chave {formatChave(previa.chave)}
      </Text>
      {fornecedor.id === null && (
        <Alert color="blue" variant="light" data-testid="fornecedor-novo">
          {T.fornecedorNovo}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item da nota</Table.Th>
              <Table.Th>Quantidade e custo</Table.Th>
              <Table.Th>Produto</Table.Th>
              <Table.Th>Fator</Table.Th>
              <Table.Th>Entra no estoque</Table.Th>
              <Table.Th ta="right">Custo unitário</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {previa.itens.map((item, i) => (
              <LinhaDoItem
                key={item.n_item}
                item={item}
                decisao={decisoes[i]!}
                onChange={(decisao) =>
                  setDecisoes((atuais) => atuais.map((d, j) => (j === i ? decisao : d)))
                }
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Produtos {formatMoney(previa.valor_produtos)} − descontos{' '}
        {formatMoney(previa.valor_desconto)} + frete, seguro e outras despesas{' '}
        {formatMoney(previa.valor_despesas)}, repartidos nos custos dos itens.
      </Text>

      <div>
        <Text size="sm" fw={600} mb={4}>
          Contas a pagar
        </Text>
        {previa.parcelas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.semParcelas}
          </Text>
        ) : (
          <Table withTableBorder data-testid="entrada-parcelas">
            <Table.Tbody>
              {previa.parcelas.map((parcela, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    {parcela.numero ? `Duplicata ${parcela.numero}` : `Parcela ${i + 1}`}
                  </Table.Td>
                  <Table.Td>Vencimento {formatDate(parcela.vencimento)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(parcela.valor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={confirmar.isPending}>
          Cancelar
        </Button>
        <Button onClick={() => void lancar()} loading={confirmar.isPending} disabled={!validas}>
          {T.confirmar}
        </Button>
      </Group>
    </Stack>
  );
}

/** The conference of an uploaded note: each item's product and factor, then the entry. */
export function EntradasImportacao({
  importacao,
  onClose,
  onLancada,
}: {
  importacao: Importacao | null;
  onClose: () => void;
  onLancada: (entrada: EntradaNfe) => void;
}) {
  return (
    <Modal
      opened={importacao !== null}
      onClose={onClose}
      title={T.conferir}
      size="90rem"
      closeOnClickOutside={false}
    >
      {importacao && (
        <Conferencia
          key={importacao.previa.chave}
          importacao={importacao}
          onClose={onClose}
          onLancada={onLancada}
        />
      )}
    </Modal>
  );
}
