import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAdjustments, IconRefresh } from '@tabler/icons-react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { formatMoney } from '@prumo/shared/money';
import { DateInputBR } from '../inputs/DateInputBR';
import { MoneyField } from './fields';
import { ajustarUltimaParcela, diferencaParcelas, type ParcelaForm } from './parcelas';

/** The form values this table edits: the installments under `parcelas`. */
interface ComParcelas {
  parcelas: ParcelaForm[];
}

/** The due date of one installment. */
function VencimentoParcela({
  index,
  minDate,
  disabled,
}: {
  index: number;
  minDate: string | undefined;
  disabled: boolean;
}) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController<ComParcelas, `parcelas.${number}.vencimento`>({
    name: `parcelas.${index}.vencimento`,
  });
  return (
    <DateInputBR
      aria-label={`Vencimento da parcela ${index + 1}`}
      ref={ref}
      minDate={minDate}
      value={value}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      onBlur={onBlur}
      error={error?.message}
      disabled={disabled}
      size="xs"
    />
  );
}

/**
 * The generated installments of a form (its `parcelas`), each due date and value editable; until
 * they add up to the total the difference is shown, with "Ajustar a última parcela" and "Dividir
 * o total de novo" (`onRedividir`).
 */
export function PlanoParcelas({
  total,
  naoConfere,
  onRedividir,
  minDate,
  disabled = false,
}: {
  total: number;
  /** What the form says when the sum is not the total ("…não confere com o total do orçamento."). */
  naoConfere: string;
  onRedividir: () => void;
  minDate?: string;
  disabled?: boolean;
}) {
  const { setValue, formState } = useFormContext<ComParcelas>();
  const parcelas = useWatch<ComParcelas, 'parcelas'>({ name: 'parcelas' });
  const diferenca = diferencaParcelas(parcelas, total);
  const erroParcelas = (formState.errors.parcelas as { message?: string } | undefined)?.message;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} data-testid="parcelas-tabela">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Parcela</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th>Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parcelas.map((_, index) => (
              <Table.Tr key={index} data-testid="parcela">
                <Table.Td>{index + 1}ª</Table.Td>
                <Table.Td>
                  <VencimentoParcela index={index} minDate={minDate} disabled={disabled} />
                </Table.Td>
                <Table.Td>
                  <MoneyField
                    name={`parcelas.${index}.valor`}
                    aria-label={`Valor da parcela ${index + 1}`}
                    disabled={disabled}
                    size="xs"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {diferenca !== 0 && (
        <Alert color="orange" variant="light" data-testid="parcelas-diferenca">
          <Stack gap="xs">
            <Text size="sm">
              {erroParcelas ?? naoConfere}{' '}
              {diferenca > 0
                ? `Faltam ${formatMoney(diferenca)}.`
                : `Sobram ${formatMoney(-diferenca)}.`}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconAdjustments size={14} />}
                onClick={() =>
                  setValue('parcelas', ajustarUltimaParcela(parcelas, total), { shouldDirty: true })
                }
              >
                Ajustar a última parcela
              </Button>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconRefresh size={14} />}
                onClick={onRedividir}
              >
                Dividir o total de novo
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {erroParcelas && diferenca === 0 && (
        <Text size="sm" c="red">
          {erroParcelas}
        </Text>
      )}
    </Stack>
  );
}
