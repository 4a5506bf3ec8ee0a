import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm } from 'react-hook-form';
import {
  itemLocavelInputSchema,
  itemLocavelUpdateSchema,
  type ItemLocavel,
  type ItemLocavelInput,
} from '@prumo/shared/contratos';
import { formatMoney } from '@prumo/shared/money';
import { useSalvarItemLocavel } from '../../../../api/locacoes';
import { MoneyField, SwitchField } from '../../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../../components/form/FormModal';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { ProdutoSearch } from '../../../../components/ProdutoSearch';
import { errorText } from '../../../../lib/error-text';
import {
  applyServerFieldErrors,
  errosDoSchema,
  resolverDeErros,
} from '../../../../lib/form-errors';
import { LOCACAO_TEXTOS as T } from '../textos';

interface ItemValues {
  produto: { id: number; nome: string } | null;
  preco_diaria: number | null;
  preco_semanal: number | null;
  preco_mensal: number | null;
  ativo: boolean;
  unidades: Array<{ id?: number; numero?: number; identificacao: string }>;
}

const paraInput = (v: ItemValues): ItemLocavelInput => ({
  produto_id: v.produto?.id as number,
  preco_diaria: v.preco_diaria as number,
  preco_semanal: v.preco_semanal,
  preco_mensal: v.preco_mensal,
  ativo: v.ativo,
  unidades: v.unidades.map((u) => ({ id: u.id, identificacao: u.identificacao.trim() || null })),
});

const CAMPOS = { produto_id: 'produto' };

function valoresDe(item?: ItemLocavel): ItemValues {
  return item
    ? {
        produto: { id: item.produto_id, nome: item.produto_nome },
        preco_diaria: item.preco_diaria,
        preco_semanal: item.preco_semanal,
        preco_mensal: item.preco_mensal,
        ativo: item.ativo,
        unidades: item.unidades
          .filter((u) => u.ativo)
          .map((u) => ({ id: u.id, numero: u.numero, identificacao: u.identificacao ?? '' })),
      }
    : {
        produto: null,
        preco_diaria: null,
        preco_semanal: null,
        preco_mensal: null,
        ativo: true,
        unidades: [{ identificacao: '' }],
      };
}

/** The units: each with its patrimônio or serial number (optional); several added at once. */
function Unidades() {
  const { fields, append, remove } = useFieldArray<ItemValues, 'unidades'>({ name: 'unidades' });
  const [quantas, setQuantas] = useState<number | string>(1);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Unidades ({fields.length})
      </Text>
      {fields.map((field, index) => (
        <Group key={field.id} gap="xs" wrap="nowrap">
          <Text size="sm" w={48} c="dimmed">
            {field.numero ? `nº ${field.numero}` : 'nova'}
          </Text>
          <Controller
            name={`unidades.${index}.identificacao`}
            render={({ field: f }) => (
              <TextInput
                flex={1}
                aria-label={`Patrimônio ou nº de série da unidade ${index + 1}`}
                placeholder="Patrimônio ou nº de série (opcional)"
                maxLength={60}
                {...f}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Retirar unidade"
            onClick={() => remove(index)}
            disabled={fields.length === 1}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <NumberInput
          aria-label="Quantas unidades adicionar"
          w={90}
          min={1}
          max={100}
          allowDecimal={false}
          value={quantas}
          onChange={setQuantas}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            append(
              Array.from({ length: Math.max(1, Number(quantas) || 1) }, () => ({
                identificacao: '',
              })),
            )
          }
        >
          Adicionar unidades
        </Button>
      </Group>
    </Stack>
  );
}

function ItemForm({ item, onClose }: { item?: ItemLocavel; onClose: () => void }) {
  const salvar = useSalvarItemLocavel();
  const methods = useForm<ItemValues>({
    defaultValues: valoresDe(item),
    resolver: resolverDeErros<ItemValues>((v) =>
      item
        ? errosDoSchema(itemLocavelUpdateSchema, { ...paraInput(v), produto_id: undefined })
        : errosDoSchema(itemLocavelInputSchema, paraInput(v), CAMPOS),
    ),
  });
  const [texto, setTexto] = useState(item?.produto_nome ?? '');

  async function gravar(values: ItemValues) {
    const { produto_id, ...resto } = paraInput(values);
    try {
      await salvar.mutateAsync({ id: item?.id, dados: item ? resto : { produto_id, ...resto } });
      notifySuccess(T.itemSalvo);
      onClose();
    } catch (error) {
      console.error(T.erroSalvarItem, error);
      applyServerFieldErrors(error, methods.setError, CAMPOS);
      notifyError(errorText(T.erroSalvarItem, error));
    }
  }

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={(e) => void methods.handleSubmit(gravar)(e)}
        data-testid="item-locavel-form"
      >
        <Stack gap="md">
          {item ? (
            <TextInput label="Produto" value={item.produto_nome} readOnly variant="filled" />
          ) : (
            <Controller
              name="produto"
              render={({ field, fieldState }) => (
                <ProdutoSearch
                  label="Produto"
                  placeholder="Pesquise o produto pelo nome ou código"
                  withAsterisk
                  value={texto}
                  onValueChange={(t) => {
                    setTexto(t);
                    if (field.value) field.onChange(null);
                  }}
                  selected={field.value !== null}
                  onSelect={(p) => {
                    setTexto(p.nome);
                    field.onChange({ id: p.id, nome: p.nome });
                  }}
                  renderInfo={(p) => formatMoney(p.preco)}
                  error={fieldState.error?.message}
                  data-testid="item-produto"
                />
              )}
            />
          )}
          <SimpleGrid cols={3}>
            <MoneyField name="preco_diaria" label="Diária" required />
            <MoneyField name="preco_semanal" label="Semana (opcional)" />
            <MoneyField name="preco_mensal" label="Mês de 30 dias (opcional)" />
          </SimpleGrid>
          <Unidades />
          <SwitchField name="ativo" label="Disponível para novas locações" />
          <ModalFormActions onCancel={onClose} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "Novo item" and "Editar item": the product, its prices per day, week and month, its units. */
export function ItemLocavelModal({
  item,
  opened,
  onClose,
}: {
  item?: ItemLocavel;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={item ? T.editarItem : T.novoItem}>
      <ItemForm key={item?.id ?? 'novo'} item={item} onClose={onClose} />
    </FormModal>
  );
}
