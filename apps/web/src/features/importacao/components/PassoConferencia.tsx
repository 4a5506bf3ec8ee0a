import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  CAMPOS_IMPORTACAO,
  CHAVES_IMPORTACAO,
  type AcaoLinha,
  type ImportacaoOpcoes,
  type ImportacaoSimulacao,
  type LinhaSimulada,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import { useSimulacao } from '../../../api/importacao';
import { errorText } from '../../../lib/error-text';
import { erroDaChave, type Mapeamento } from '../mapeamento';
import { ACAO_CORES, IMPORTACAO_TEXTOS as T } from '../textos';

const ACOES: AcaoLinha[] = ['criar', 'atualizar', 'ignorar', 'recusar'];

/**
 * Step 3: how rows find the records already there, what happens to those and to rows with errors,
 * and the dry run of those choices: how many rows each action takes, and every row (paged) with
 * its errors beside the cell they are about.
 */
export function PassoConferencia({
  id,
  tipo,
  mapeamento,
  opcoes,
  onOpcoes,
  onVoltar,
  onProximo,
}: {
  id: number;
  tipo: TipoImportacao;
  mapeamento: Mapeamento;
  opcoes: ImportacaoOpcoes;
  onOpcoes: (opcoes: ImportacaoOpcoes) => void;
  onVoltar: () => void;
  /** With the dry run's counts, said again before the run. */
  onProximo: (simulacao: ImportacaoSimulacao) => void;
}) {
  const [pagina, setPagina] = useState(1);
  const [soErros, setSoErros] = useState(false);
  const erroChave = erroDaChave(tipo, opcoes.chave, mapeamento);
  const simulacao = useSimulacao(id, opcoes, { pagina, soErros }, erroChave === null);
  const dados = simulacao.data;
  const estoque = tipo === 'estoque';

  useEffect(() => {
    if (simulacao.error) console.error(T.erroSimular, simulacao.error);
  }, [simulacao.error]);

  const mudar = (parcial: Partial<ImportacaoOpcoes>) => {
    setPagina(1);
    onOpcoes({ ...opcoes, ...parcial });
  };
  const colunas = CAMPOS_IMPORTACAO[tipo].filter((campo) => mapeamento[campo.chave]);
  const linhasNoFiltro = dados ? (soErros ? dados.recusar : dados.total_linhas) : 0;
  const paginas = dados ? Math.max(1, Math.ceil(linhasNoFiltro / dados.por_pagina)) : 1;
  const bloqueada = opcoes.modo === 'tudo' && (dados?.recusar ?? 0) > 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Select
          label={estoque ? T.chaveEstoque : T.chave}
          data={CHAVES_IMPORTACAO[tipo].map((opcao) => ({
            value: opcao.chave,
            label: opcao.rotulo,
          }))}
          value={opcoes.chave}
          allowDeselect={false}
          error={erroChave}
          onChange={(value) => value && mudar({ chave: value })}
        />
        {!estoque && (
          <Radio.Group
            label={T.existentes}
            value={opcoes.existentes}
            onChange={(value) => mudar({ existentes: value as ImportacaoOpcoes['existentes'] })}
          >
            <Group gap="md" mt={8}>
              <Radio value="atualizar" label={T.existentesOpcoes.atualizar} />
              <Radio value="ignorar" label={T.existentesOpcoes.ignorar} />
            </Group>
          </Radio.Group>
        )}
        <Radio.Group
          label={T.modo}
          value={opcoes.modo}
          onChange={(value) => mudar({ modo: value as ImportacaoOpcoes['modo'] })}
        >
          <Stack gap={6} mt={8}>
            <Radio value="tudo" label={T.modoOpcoes.tudo} />
            <Radio value="validas" label={T.modoOpcoes.validas} />
          </Stack>
        </Radio.Group>
      </SimpleGrid>

      {simulacao.error && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />}>
          {errorText(T.erroSimular, simulacao.error)}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="simulacao-contagens">
        {ACOES.map((acao) => (
          <Paper key={acao} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {T.contagens[acao]}
            </Text>
            <Text
              fz="xl"
              fw={700}
              c={acao === 'recusar' && (dados?.[acao] ?? 0) > 0 ? 'red' : undefined}
              data-testid={`contagem-${acao}`}
            >
              {dados ? dados[acao].toLocaleString('pt-BR') : '…'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      {bloqueada && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />}>
          {T.tudoOuNadaComErros}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Switch
          label={T.soErros}
          checked={soErros}
          onChange={(event) => {
            setSoErros(event.currentTarget.checked);
            setPagina(1);
          }}
        />
        {simulacao.isFetching && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {T.simulando}
          </Text>
        )}
      </Group>

      <Table.ScrollContainer minWidth={160 + colunas.length * 160}>
        <Table
          striped
          withTableBorder
          verticalSpacing="xs"
          data-testid="simulacao-linhas"
          aria-busy={simulacao.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{T.linha}</Table.Th>
              <Table.Th w={140}>{T.acao}</Table.Th>
              {colunas.map((campo) => (
                <Table.Th key={campo.chave}>{campo.rotulo}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dados?.linhas.map((linha) => (
              <LinhaTabela key={linha.linha} linha={linha} colunas={colunas.map((c) => c.chave)} />
            ))}
            {dados && dados.linhas.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={2 + colunas.length}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {soErros ? T.semErros : T.semLinhas}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {paginas > 1 && (
        <Group justify="center">
          <Pagination
            total={paginas}
            value={Math.min(pagina, paginas)}
            onChange={setPagina}
            size="sm"
            siblings={1}
          />
        </Group>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={onVoltar}>
          {T.voltar}
        </Button>
        <Button
          disabled={!dados || erroChave !== null || bloqueada}
          onClick={() => dados && onProximo(dados)}
        >
          {T.proximo}
        </Button>
      </Group>
    </Stack>
  );
}

/** A row of the dry run: each cell with its errors in red below it; row-wide errors under the action. */
function LinhaTabela({ linha, colunas }: { linha: LinhaSimulada; colunas: string[] }) {
  const daLinha = linha.erros.filter(
    (erro) => erro.campo === null || !colunas.includes(erro.campo),
  );
  return (
    <Table.Tr data-testid={`linha-${linha.linha}`}>
      <Table.Td>{linha.linha}</Table.Td>
      <Table.Td>
        <Badge color={ACAO_CORES[linha.acao]} variant="light">
          {T.acoes[linha.acao]}
        </Badge>
        {daLinha.map((erro) => (
          <Text key={erro.mensagem} size="xs" c="red" mt={4}>
            {erro.mensagem}
          </Text>
        ))}
      </Table.Td>
      {colunas.map((campo) => {
        const erros = linha.erros.filter((erro) => erro.campo === campo);
        return (
          <Table.Td
            key={campo}
            bg={erros.length > 0 ? 'var(--mantine-color-red-light)' : undefined}
            data-erro={erros.length > 0 || undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Text size="sm">{linha.valores[campo] ?? ''}</Text>
            {erros.map((erro) => (
              <Text key={erro.mensagem} size="xs" c="red">
                {erro.mensagem}
              </Text>
            ))}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
