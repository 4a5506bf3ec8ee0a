import { Checkbox, Select, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import type { ComponentType, ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import { MoneyInput, PercentInput } from '../../../components/inputs/DecimalInput';
import { CepInput, CidadeUfInput, CnpjInput, CpfInput, TelefoneInput, UfSelect } from './inputs';

/** A controlled field's parts, taken apart so that no ref-holding object is read in render. */
function useField(name: string) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name });
  return { ref, fieldName, value, onChange, onBlur, error: error?.message };
}

/**
 * Form fields bound to react-hook-form by name (the API's field name), each showing its own
 * error: the shared schema's message, or the server's (applyServerFieldErrors).
 */
interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
}

export function TextField({
  name,
  label,
  required,
  type,
  autoComplete,
  ...props
}: FieldProps & { type?: 'text' | 'email' | 'url'; autoComplete?: string }) {
  const { register, getFieldState, formState } = useFormContext();
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      {...props}
      {...register(name)}
      error={getFieldState(name, formState).error?.message}
    />
  );
}

export function TextAreaField({ name, label, required, ...props }: FieldProps) {
  const { register, getFieldState, formState } = useFormContext();
  return (
    <Textarea
      label={label}
      withAsterisk={required}
      autosize
      minRows={3}
      maxRows={10}
      {...props}
      {...register(name)}
      error={getFieldState(name, formState).error?.message}
    />
  );
}

type MaskedComponent = ComponentType<{
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  withAsterisk?: boolean;
  error?: ReactNode;
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  ref?: unknown;
}>;

function maskedField(Input: MaskedComponent) {
  return function MaskedField({ name, label, required, ...props }: FieldProps) {
    const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
    return (
      <Input
        label={label}
        withAsterisk={required}
        {...props}
        name={fieldName}
        ref={ref}
        value={value as string | null}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
      />
    );
  };
}

export const CpfField = maskedField(CpfInput as MaskedComponent);
export const CnpjField = maskedField(CnpjInput as MaskedComponent);
export const CepField = maskedField(CepInput as MaskedComponent);
export const TelefoneField = maskedField(TelefoneInput as MaskedComponent);
export const CidadeUfField = maskedField(CidadeUfInput as unknown as MaskedComponent);

export function UfField({ name, label, required, ...props }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <UfSelect
      label={label}
      withAsterisk={required}
      {...props}
      ref={ref}
      value={value as string | null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function SelectField({
  name,
  label,
  required,
  options,
  clearable = !required,
  ...props
}: FieldProps & { options: ComboboxItem[]; clearable?: boolean; searchable?: boolean }) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <Select
      label={label}
      withAsterisk={required}
      placeholder="Selecione"
      allowDeselect={clearable}
      clearable={clearable}
      {...props}
      data={options}
      ref={ref}
      value={(value as string | null) || null}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function MoneyField({ name, label, required, ...props }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <MoneyInput
      label={label}
      withAsterisk={required}
      {...props}
      ref={ref}
      value={value as number | null}
      onValueChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function PercentField({ name, label, required, ...props }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <PercentInput
      label={label}
      withAsterisk={required}
      {...props}
      ref={ref}
      value={value as number | null}
      onValueChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** A day typed as dd/mm/aaaa or picked in the calendar; the value is "aaaa-mm-dd". */
export function DateField({ name, label, required, ...props }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <DateInputBR
      label={label}
      withAsterisk={required}
      maxDate={todayISO()}
      clearable
      {...props}
      ref={ref}
      value={(value as string | null) ?? null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function CheckboxField({ name, label, disabled }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <Checkbox
      label={label}
      disabled={disabled}
      ref={ref}
      checked={Boolean(value)}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
      error={error}
    />
  );
}
