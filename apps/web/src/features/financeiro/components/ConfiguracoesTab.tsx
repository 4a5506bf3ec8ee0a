import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  categoriaFinanceiraInputSchema,
  type CategoriaFinanceira,
  type FormaFinanceira,
  type TipoCategoria,
} from '@prumo/shared/financeiro';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import {
  useCategoriasFinanceiras,
  useContas,
  useExcluirCategoriaFinanceira,
  useFormasFinanceiras,
  useSalvarCategoriaFinanceira,
  useSalvarFormasFinanceiras,
  type CategoriaFinanceiraDados,
} from '../../../api/financeiro';
import { SwitchField, TextField } from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { errosDoSchema, resolverDeErros } from '../../../lib/form-errors';

const categoriaResolver = resolverDeErros<CategoriaFinanceiraDados>((v) =>
  errosDoSchema(categoriaFinanceiraInputSchema, v),
);

function CategoriaForm({
  categoria,
  onClose,
}: {
  categoria: CategoriaFinanceira | { tipo: TipoCategoria };
  onClose: () => void;
}) {
  const salvar = useSalvarCategoriaFinanceira();
  const id = 'id' in categoria ? categoria.id : undefined;
  const methods = useForm<CategoriaFinanceiraDados>({
    defaultValues: {
      nome: 'nome' in categoria ? categoria.nome : '',
      tipo: categoria.tipo,
      ativo: 'ativo' in categoria ? categoria.ativo : true,
    },
    resolver: categoriaResolver,
  });
  const gravar = async (dados: CategoriaFinanceiraDados) => {
    const ok = await saveWithFeedback(
      () => salvar.mutateAsync({ id, dados }),
      { success: 'Categoria salva com sucesso!', failure: 'Erro ao salvar categoria' },
      methods.setError,
    );
    if (ok) onClose();
  };
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={(event) => void methods.handleSubmit(gravar)(event)}>
        <Stack gap="sm">
          <TextField name="nome" label="Nome" required maxLength={100} data-autofocus />
          {id !== undefined && <SwitchField name="ativo" label="Categoria ativa" />}
          <ModalFormActions onCancel={onClose} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** One column of the chart of accounts: the receitas or the despesas. */
function Categorias({
  tipo,
  categorias,
  onEditar,
  onExcluir,
}: {
  tipo: TipoCategoria;
  categorias: CategoriaFinanceira[];
  onEditar: (categoria: CategoriaFinanceira | { tipo: TipoCategoria }) => void;
  onExcluir: (categoria: CategoriaFinanceira) => void;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{tipo === 'receita' ? 'Receitas' : 'Despesas'}</Title>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onEditar({ tipo })}
        >
          Nova categoria
        </Button>
      </Group>
      <Table verticalSpacing={4} fz="sm" data-testid={`categorias-${tipo}`}>
        <Table.Tbody>
          {categorias
            .filter((c) => c.tipo === tipo)
            .map((c) => (
              <Table.Tr key={c.id} style={c.ativo ? undefined : { opacity: 0.55 }}>
                <Table.Td>
                  {c.nome}{' '}
                  {c.slug && (
                    <Badge size="xs" variant="light" color="gray">
                      vendas
                    </Badge>
                  )}
                  {!c.ativo && (
                    <Badge size="xs" variant="light" color="gray">
                      inativa
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    <EditAction name={c.nome} onClick={() => onEditar(c)} />
                    {!c.slug && <DeleteAction name={c.nome} onClick={() => onExcluir(c)} />}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** How each payment method of a sale becomes a receivable: account, days, settled at once. */
function Formas({ formas }: { formas: FormaFinanceira[] }) {
  const contas = useContas();
  const salvar = useSalvarFormasFinanceiras();
  const [editadas, setEditadas] = useState(formas);
  const mudar = (index: number, parcial: Partial<FormaFinanceira>) =>
    setEditadas(editadas.map((f, i) => (i === index ? { ...f, ...parcial } : f)));
  const opcoesConta = (contas.data ?? [])
    .filter((c) => c.ativo)
    .map((c) => ({ value: String(c.id), label: c.nome }));

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} fz="sm" data-testid="formas-financeiras">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Forma</Table.Th>
              <Table.Th>Conta</Table.Th>
              <Table.Th>Prazo (dias)</Table.Th>
              <Table.Th>Baixa automática</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {editadas.map((forma, index) => (
              <Table.Tr key={forma.forma}>
                <Table.Td>{formaPagamentoLabel(forma.forma)}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Conta de ${formaPagamentoLabel(forma.forma)}`}
                    size="xs"
                    clearable
                    placeholder="A primeira do tipo"
                    data={opcoesConta}
                    value={forma.conta_id === null ? null : String(forma.conta_id)}
                    onChange={(value) => mudar(index, { conta_id: value ? Number(value) : null })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Prazo de ${formaPagamentoLabel(forma.forma)}`}
                    size="xs"
                    w={90}
                    min={0}
                    max={365}
                    allowDecimal={false}
                    allowNegative={false}
                    value={forma.prazo_dias}
                    onChange={(value) => mudar(index, { prazo_dias: Number(value) || 0 })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Baixa automática de ${formaPagamentoLabel(forma.forma)}`}
                    checked={forma.baixa_automatica}
                    onChange={(event) =>
                      mudar(index, { baixa_automatica: event.currentTarget.checked })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button
          loading={salvar.isPending}
          onClick={() =>
            void saveWithFeedback(() => salvar.mutateAsync(editadas), {
              success: 'Formas de recebimento salvas!',
              failure: 'Erro ao salvar as formas de recebimento',
            })
          }
        >
          Salvar formas
        </Button>
      </Group>
    </Stack>
  );
}

/** Configurações: the chart of accounts (categorias) and the payment methods' rules. */
export function ConfiguracoesTab() {
  const categorias = useCategoriasFinanceiras();
  const formas = useFormasFinanceiras();
  const [editando, setEditando] = useState<CategoriaFinanceira | { tipo: TipoCategoria } | null>(
    null,
  );
  const excluir = useConfirmDelete(useExcluirCategoriaFinanceira().mutateAsync, {
    confirm: (c: CategoriaFinanceira) => `Excluir a categoria "${c.nome}"?`,
    success: 'Categoria excluída.',
    error: 'Erro ao excluir categoria',
  });
  const lista = categorias.data ?? [];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb={4}>
          Plano de contas
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          As categorias dos lançamentos e das linhas do DRE. As marcadas “vendas” recebem as vendas
          e os serviços.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {(['receita', 'despesa'] as const).map((tipo) => (
            <Categorias
              key={tipo}
              tipo={tipo}
              categorias={lista}
              onEditar={setEditando}
              onExcluir={(c) => void excluir(c)}
            />
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb={4}>
          Formas de recebimento
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Como cada forma de pagamento de uma venda vira conta a receber: em que conta cai, em
          quantos dias vence e se é recebida na hora.
        </Text>
        {formas.data && <Formas key={JSON.stringify(formas.data)} formas={formas.data} />}
      </Paper>
      <FormModal
        opened={editando !== null}
        onClose={() => setEditando(null)}
        title={editando && 'id' in editando ? 'Editar categoria' : 'Nova categoria'}
      >
        {editando && <CategoriaForm categoria={editando} onClose={() => setEditando(null)} />}
      </FormModal>
    </Stack>
  );
}
