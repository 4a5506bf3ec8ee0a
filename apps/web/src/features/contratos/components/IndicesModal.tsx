import { Grid, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useMemo } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import {
  INDICES_PUBLICADOS,
  indiceInputSchema,
  type Indice,
  type IndicePublicado,
} from '@prumo/shared/contratos';
import { useExcluirIndice, useIndices, useSalvarIndice } from '../../../api/contratos';
import { confirmAction } from '../../../components/confirm';
import { DecimalField, SelectField } from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { CONTRATO_TEXTOS as T, formatPercentual, indiceLabel } from '../textos';

interface IndiceValues {
  indice: IndicePublicado;
  /** aaaa-mm */
  mes: string | null;
  percentual: number | null;
}

const OPCOES = INDICES_PUBLICADOS.map((value) => ({ value, label: indiceLabel(value) }));

const resolver = resolverDeErros<IndiceValues>((values) =>
  errosDoSchema(indiceInputSchema, { ...values, mes: values.mes ?? '' }),
);

/** "10/2026" from "2026-10". */
const mesTexto = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/** The month of a rate, picked in a calendar of months; its value "aaaa-mm". */
function MesField() {
  const { field, fieldState } = useController<IndiceValues, 'mes'>({ name: 'mes' });
  return (
    <MonthPickerInput
      label="Mês"
      withAsterisk
      placeholder="mm/aaaa"
      valueFormat="MM/YYYY"
      value={field.value ? `${field.value}-01` : null}
      onChange={(valor) => field.onChange(valor ? String(valor).slice(0, 7) : null)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      popoverProps={{ withinPortal: false }}
    />
  );
}

/**
 * "Índices de reajuste": the monthly rates of IPCA and IGP-M as published (percent, up to four
 * decimals, negative when the index fell), which the contracts' reajustes accumulate. A month
 * typed again replaces its rate.
 */
export function IndicesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={T.indices} size="lg" centered>
      {opened && <Indices />}
    </Modal>
  );
}

function Indices() {
  const indices = useIndices();
  const salvar = useSalvarIndice();
  const excluir = useExcluirIndice();
  const methods = useForm<IndiceValues>({
    resolver,
    defaultValues: { indice: 'IPCA', mes: null, percentual: null },
  });
  const linhas = useMemo(
    () =>
      [...(indices.data ?? [])].sort(
        (a, b) => b.mes.localeCompare(a.mes) || a.indice.localeCompare(b.indice),
      ),
    [indices.data],
  );

  async function onValid(values: IndiceValues) {
    try {
      await salvar.mutateAsync({
        indice: values.indice,
        mes: values.mes ?? '',
        percentual: values.percentual as number,
      });
      notifySuccess(T.indiceSalvo);
      methods.reset({ indice: values.indice, mes: null, percentual: null });
    } catch (error) {
      console.error(T.erroSalvarIndice, error);
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroSalvarIndice, error));
    }
  }

  async function remover(indice: Indice) {
    const nome = `${indiceLabel(indice.indice)} de ${mesTexto(indice.mes)}`;
    if (!(await confirmAction({ message: `Excluir o índice ${nome}?` }))) return;
    try {
      await excluir.mutateAsync({ indice: indice.indice, mes: indice.mes });
      notifySuccess(T.indiceExcluido);
    } catch (error) {
      console.error(T.erroExcluirIndice, error);
      notifyError(errorText(T.erroExcluirIndice, error));
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {T.indicesDica}
      </Text>
      <FormProvider {...methods}>
        <form noValidate onSubmit={methods.handleSubmit(onValid)} data-testid="indice-form">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <SelectField
                name="indice"
                label="Índice"
                options={OPCOES}
                allowDeselect={false}
                required
                comboboxProps={{ withinPortal: false }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, xs: 3 }}>
              <MesField />
            </Grid.Col>
            <Grid.Col span={{ base: 6, xs: 3 }}>
              <DecimalField
                name="percentual"
                label="Percentual"
                required
                decimalScale={4}
                allowNegative
                suffix=" %"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 2 }}>
              <SaveButton saving={salvar.isPending} fullWidth>
                Salvar
              </SaveButton>
            </Grid.Col>
          </Grid>
        </form>
      </FormProvider>
      {indices.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : indices.isError ? (
        <Text size="sm" c="red">
          {errorText('Erro ao carregar os índices', indices.error)}
        </Text>
      ) : linhas.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {T.semIndices}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360} maxHeight={360}>
          <Table striped stickyHeader data-testid="indices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Índice</Table.Th>
                <Table.Th>Mês</Table.Th>
                <Table.Th ta="right">Percentual</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((linha) => {
                const nome = `${indiceLabel(linha.indice)} de ${mesTexto(linha.mes)}`;
                return (
                  <Table.Tr key={`${linha.indice}-${linha.mes}`}>
                    <Table.Td>{indiceLabel(linha.indice)}</Table.Td>
                    <Table.Td>{mesTexto(linha.mes)}</Table.Td>
                    <Table.Td ta="right">{formatPercentual(linha.percentual)}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction
                          name={nome}
                          onClick={() =>
                            methods.reset({
                              indice: linha.indice,
                              mes: linha.mes,
                              percentual: linha.percentual,
                            })
                          }
                        />
                        <DeleteAction name={nome} onClick={() => void remover(linha)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
