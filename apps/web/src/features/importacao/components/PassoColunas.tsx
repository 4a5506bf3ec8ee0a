import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { CAMPOS_IMPORTACAO, type ImportacaoArquivo } from '@prumo/shared/importacao';
import { useEscolherFolha, useMapeamentos, useSalvarMapeamento } from '../../../api/importacao';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { errosDoMapeamento, mapeamentoEscolhido, type Mapeamento } from '../mapeamento';
import { IMPORTACAO_TEXTOS as T } from '../textos';

/** The first non-empty value of a column in the file's sample rows. */
function exemploDaColuna(arquivo: ImportacaoArquivo, cabecalho: string | null): string {
  if (!cabecalho) return '';
  const indice = arquivo.cabecalhos.indexOf(cabecalho);
  if (indice < 0) return '';
  return arquivo.amostra.map((linha) => linha[indice] ?? '').find((valor) => valor.trim()) ?? '';
}

/**
 * Step 2: the sheet (a workbook with several), and for each field of the kind the column it
 * comes from, started from the server's guess, with a value of the file beside it. A mapping can
 * be saved under a name and used again for the next file from the same system.
 */
export function PassoColunas({
  arquivo,
  mapeamento,
  onMapeamento,
  onArquivo,
  onVoltar,
  onProximo,
}: {
  arquivo: ImportacaoArquivo;
  mapeamento: Mapeamento;
  onMapeamento: (mapeamento: Mapeamento) => void;
  /** Another sheet was read: the file's columns and the guess change. */
  onArquivo: (arquivo: ImportacaoArquivo) => void;
  onVoltar: () => void;
  onProximo: () => void;
}) {
  const campos = CAMPOS_IMPORTACAO[arquivo.tipo];
  const [mostrarErros, setMostrarErros] = useState(false);
  const [nome, setNome] = useState('');
  const [erroNome, setErroNome] = useState<string | null>(null);
  const folha = useEscolherFolha();
  const mapeamentos = useMapeamentos(arquivo.tipo);
  const salvar = useSalvarMapeamento();
  const erros = errosDoMapeamento(arquivo.tipo, mapeamento);
  const opcoes = arquivo.cabecalhos.map((cabecalho) => ({ value: cabecalho, label: cabecalho }));

  function usarSalvo(id: string | null) {
    const salvo = mapeamentos.data?.find((item) => String(item.id) === id);
    if (!salvo) return;
    // Only the columns this file has; the other fields keep what they had.
    const aplicado: Mapeamento = {};
    for (const campo of campos) {
      const coluna = salvo.mapeamento[campo.chave];
      aplicado[campo.chave] =
        coluna && arquivo.cabecalhos.includes(coluna) ? coluna : (mapeamento[campo.chave] ?? null);
    }
    onMapeamento(aplicado);
    notifySuccess(T.mapeamentoAplicado(salvo.nome));
  }

  function salvarMapeamento() {
    if (!nome.trim()) {
      setErroNome(T.nomeObrigatorio);
      return;
    }
    salvar.mutate(
      { nome: nome.trim(), tipo: arquivo.tipo, mapeamento: mapeamentoEscolhido(mapeamento) },
      {
        onSuccess: () => {
          setNome('');
          notifySuccess(T.mapeamentoSalvoOk);
        },
        onError: (error) => notifyError(errorText(T.erroSalvarMapeamento, error)),
      },
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {arquivo.arquivo_nome}
          </Text>
          <Text size="sm" c="dimmed">
            {T.resumoArquivo(arquivo.total_linhas, arquivo.codificacao, arquivo.separador)}
          </Text>
        </Stack>
        {arquivo.folhas.length > 1 && (
          <Select
            label={T.folha}
            data={arquivo.folhas}
            value={arquivo.folha}
            allowDeselect={false}
            disabled={folha.isPending}
            w={{ base: '100%', xs: 240 }}
            onChange={(value) => {
              if (!value || value === arquivo.folha) return;
              folha.mutate(
                { id: arquivo.id, folha: value },
                {
                  onSuccess: onArquivo,
                  onError: (error) => notifyError(errorText(T.erroFolha, error)),
                },
              );
            }}
          />
        )}
      </Group>

      <Group align="flex-end" gap="sm">
        <Select
          label={T.mapeamentoSalvo}
          placeholder={T.mapeamentoSalvoPlaceholder}
          data={(mapeamentos.data ?? []).map((item) => ({
            value: String(item.id),
            label: item.nome,
          }))}
          value={null}
          onChange={usarSalvo}
          disabled={!mapeamentos.data?.length}
          w={{ base: '100%', xs: 240 }}
        />
        <TextInput
          label={T.nomeMapeamento}
          value={nome}
          error={erroNome}
          maxLength={120}
          w={{ base: '100%', xs: 240 }}
          onChange={(event) => {
            setNome(event.currentTarget.value);
            setErroNome(null);
          }}
        />
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          loading={salvar.isPending}
          onClick={salvarMapeamento}
        >
          {T.salvarMapeamento}
        </Button>
      </Group>

      <Stack gap={6} data-testid="mapeamento">
        <SimpleGrid cols={3} spacing="sm" visibleFrom="sm" px="sm">
          <Text size="xs" fw={600} c="dimmed">
            {T.campo}
          </Text>
          <Text size="xs" fw={600} c="dimmed">
            {T.coluna}
          </Text>
          <Text size="xs" fw={600} c="dimmed">
            {T.exemplo}
          </Text>
        </SimpleGrid>
        {campos.map((campo) => {
          const coluna = mapeamento[campo.chave] ?? null;
          const exemplo = exemploDaColuna(arquivo, coluna);
          return (
            <Paper key={campo.chave} withBorder radius="sm" p="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing={4}>
                <Stack gap={0} justify="center">
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {campo.rotulo}
                    </Text>
                    {campo.obrigatorio && (
                      <Badge size="xs" color="red" variant="light">
                        {T.obrigatorio}
                      </Badge>
                    )}
                  </Group>
                  {campo.ajuda && (
                    <Text size="xs" c="dimmed">
                      {campo.ajuda}
                    </Text>
                  )}
                </Stack>
                <Select
                  aria-label={campo.rotulo}
                  placeholder={T.naoImportar}
                  data={opcoes}
                  value={coluna}
                  clearable
                  searchable
                  error={mostrarErros ? erros[campo.chave] : undefined}
                  onChange={(value) => onMapeamento({ ...mapeamento, [campo.chave]: value })}
                />
                <Text
                  size="sm"
                  c={exemplo ? undefined : 'dimmed'}
                  style={{ alignSelf: 'center', overflowWrap: 'anywhere' }}
                  data-testid={`exemplo-${campo.chave}`}
                >
                  <Text span size="xs" c="dimmed" hiddenFrom="sm">
                    {`${T.exemplo}: `}
                  </Text>
                  {exemplo || '—'}
                </Text>
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>

      <Group justify="space-between">
        <Button variant="default" onClick={onVoltar}>
          {T.voltar}
        </Button>
        <Button
          onClick={() => {
            setMostrarErros(true);
            if (Object.keys(erros).length === 0) onProximo();
          }}
        >
          {T.proximo}
        </Button>
      </Group>
    </Stack>
  );
}
