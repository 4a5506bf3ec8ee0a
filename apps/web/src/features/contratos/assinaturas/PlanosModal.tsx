import { Badge, Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CICLOS_PLANO,
  planoInputSchema,
  type Plano,
  type PlanoInput,
} from '@prumo/shared/contratos';
import { ASSINATURAS_PAGE_SIZE, usePlanos, useSalvarPlano } from '../../../api/assinaturas';
import { EmptyState } from '../../../components/EmptyState';
import { ModalFormActions } from '../../../components/form/FormModal';
import {
  IntegerField,
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { notifyError, notifySuccess } from '../../../components/notify';
import { SearchInput } from '../../../components/SearchInput';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { ASSINATURA_TEXTOS as T, cicloLabel, precoPorCiclo } from './textos';

interface PlanoValues {
  nome: string;
  descricao: string;
  preco: number | null;
  ciclo: PlanoInput['ciclo'];
  dias_teste: number | null;
  ativo: boolean;
}

const paraInput = (v: PlanoValues): PlanoInput => ({
  nome: v.nome,
  descricao: v.descricao || null,
  preco: v.preco as number,
  ciclo: v.ciclo,
  dias_teste: v.dias_teste ?? 0,
  ativo: v.ativo,
});

const resolver = resolverDeErros<PlanoValues>((values) =>
  errosDoSchema(planoInputSchema, paraInput(values)),
);

/** A plan's form: name, description, price per cycle, cycle, trial days, active. */
function PlanoForm({ plano, onDone }: { plano: Plano | null; onDone: () => void }) {
  const salvar = useSalvarPlano();
  const methods = useForm<PlanoValues>({
    defaultValues: plano
      ? {
          nome: plano.nome,
          descricao: plano.descricao ?? '',
          preco: plano.preco,
          ciclo: plano.ciclo,
          dias_teste: plano.dias_teste,
          ativo: plano.ativo,
        }
      : { nome: '', descricao: '', preco: null, ciclo: 'mensal', dias_teste: 0, ativo: true },
    resolver,
  });

  async function gravar(values: PlanoValues) {
    try {
      await salvar.mutateAsync({ id: plano?.id, dados: paraInput(values) });
      notifySuccess(T.planoSalvo);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroSalvarPlano, error));
    }
  }

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={(event) => void methods.handleSubmit(gravar)(event)}
        aria-label={plano ? T.editarPlano : T.novoPlano}
        data-testid="plano-form"
      >
        <Stack gap="sm">
          <TextField name="nome" label="Nome" required maxLength={120} />
          <TextAreaField name="descricao" label="Descrição" autosize minRows={2} />
          <Group grow align="flex-start">
            <MoneyField name="preco" label="Preço por ciclo" required />
            <SelectField
              name="ciclo"
              label="Ciclo"
              options={CICLOS_PLANO}
              allowDeselect={false}
              required
            />
          </Group>
          <Group grow align="flex-start">
            <IntegerField name="dias_teste" label="Dias de teste" min={0} max={365} />
            <SwitchField name="ativo" label="Ativo (disponível para novas assinaturas)" />
          </Group>
          <ModalFormActions onCancel={onDone} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * "Planos": the plans a page at a time, searched by name, each editable; "Novo plano" opens
 * the form in place. A plan's new price applies to new subscriptions (and changes of plan).
 */
export function PlanosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<Plano | null | undefined>(undefined);
  const planos = usePlanos(q, page, opened);
  const total = planos.data?.total ?? 0;

  return (
    <Modal opened={opened} onClose={onClose} title={T.planos} size="xl" centered>
      {editando !== undefined ? (
        <PlanoForm
          key={editando?.id ?? 'novo'}
          plano={editando}
          onDone={() => setEditando(undefined)}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <SearchInput
              value={q}
              onValueChange={(valor) => {
                setQ(valor);
                setPage(1);
              }}
              placeholder="Pesquisar planos..."
              aria-label="Pesquisar planos"
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando(null)}>
              {T.novoPlano}
            </Button>
          </Group>
          {planos.isError ? (
            <Text c="red">{errorText(T.erroPlanos, planos.error)}</Text>
          ) : total === 0 && !planos.isPending ? (
            <EmptyState title={T.semPlanos} hint={T.semPlanosDica} />
          ) : (
            <Table striped fz="sm" data-testid="planos-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plano</Table.Th>
                  <Table.Th>Preço</Table.Th>
                  <Table.Th>Teste</Table.Th>
                  <Table.Th ta="right">Assinaturas</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {planos.data?.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {p.nome}{' '}
                        {!p.ativo && (
                          <Badge size="xs" color="gray">
                            Inativo
                          </Badge>
                        )}
                      </Text>
                      {p.descricao && (
                        <Text size="xs" c="dimmed">
                          {p.descricao}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{precoPorCiclo(p.preco, p.ciclo)}</Table.Td>
                    <Table.Td>{p.dias_teste > 0 ? `${p.dias_teste} dias` : 'Sem teste'}</Table.Td>
                    <Table.Td ta="right">{p.assinaturas}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditando(p)}
                        aria-label={`Editar ${p.nome} (${cicloLabel(p.ciclo)})`}
                      >
                        Editar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {total > ASSINATURAS_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / ASSINATURAS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
