import { DateTimePicker } from '@mantine/dates';
import { useController } from 'react-hook-form';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import type { OsFormValues } from '../form-values';

/** An entry or exit of the order: day and time on the company's clock ("dd/mm/aaaa hh:mm"). */
export function DataHoraField({
  name,
  label,
}: {
  name: 'data_entrada' | 'data_saida';
  label: string;
}) {
  const {
    field: { value, onChange, onBlur },
    fieldState: { error },
  } = useController<OsFormValues, typeof name>({ name });
  return (
    <DateTimePicker
      label={label}
      valueFormat="DD/MM/YYYY HH:mm"
      placeholder="dd/mm/aaaa hh:mm"
      clearable
      value={value}
      onChange={(next) => onChange(next ? String(next) : null)}
      onBlur={onBlur}
      error={error?.message}
      submitButtonProps={{ 'aria-label': 'Confirmar data e hora' }}
      data-testid={`campo-${name}`}
    />
  );
}

/** The deadline: a day, past or future (dd/mm/aaaa). */
export function PrazoField() {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController<OsFormValues, 'prazo'>({ name: 'prazo' });
  return (
    <DateInputBR
      label="Prazo"
      clearable
      ref={ref}
      value={value}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}
