import {
  Checkbox,
  NumberInput,
  PasswordInput,
  Select,
  Switch,
  Textarea,
  TextInput,
  type NumberInputProps,
  type PasswordInputProps,
  type SelectProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { ChangeEvent, ComponentType, ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import { DateInputBR } from '../inputs/DateInputBR';
import {
  DecimalInput,
  MoneyInput,
  PercentInput,
  type DecimalInputProps,
} from '../inputs/DecimalInput';
import {
  CepInput,
  CestInput,
  CidadeUfInput,
  CnpjInput,
  CpfInput,
  NbsInput,
  NcmInput,
  TelefoneInput,
  UfSelect,
} from '../inputs/masked';

/**
 * The form fields of every form: each is bound by name to the react-hook-form around it
 * (FormProvider) and shows its own error, the shared schema's message or the server's
 * (applyServerFieldErrors). `required` marks the label with an asterisk; other props go to the
 * Mantine input.
 */
interface Binding {
  /** The form value's name (the API's field name). */
  name: string;
  required?: boolean;
}

/** A controlled field's parts, taken apart so that no ref-holding object is read in render. */
function useField(name: string) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name });
  return { ref, fieldName, value, onChange, onBlur, error: error?.message };
}

type Bound<Props> = Omit<Props, 'name' | 'value' | 'onChange' | 'error' | 'required'> & Binding;

export function TextField({
  name,
  required,
  autoComplete = 'off',
  ...props
}: Bound<TextInputProps>) {
  const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
  return (
    <TextInput
      withAsterisk={required}
      autoComplete={autoComplete}
      {...props}
      name={fieldName}
      ref={ref}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** A password: typed hidden, with a button that shows it; never autofilled unless told. */
export function PasswordField({
  name,
  required,
  autoComplete = 'new-password',
  ...props
}: Bound<PasswordInputProps>) {
  const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
  return (
    <PasswordInput
      withAsterisk={required}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha' }}
      {...props}
      name={fieldName}
      ref={ref}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function TextAreaField({ name, required, ...props }: Bound<TextareaProps>) {
  const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
  return (
    <Textarea
      withAsterisk={required}
      autosize
      minRows={3}
      maxRows={10}
      {...props}
      name={fieldName}
      ref={ref}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

function decimalField(Input: ComponentType<DecimalInputProps>) {
  return function DecimalFieldOf({
    name,
    required,
    ...props
  }: Bound<Omit<DecimalInputProps, 'onValueChange'>>) {
    const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
    return (
      <Input
        withAsterisk={required}
        {...props}
        name={fieldName}
        ref={ref}
        value={value as number | null | undefined}
        onValueChange={onChange}
        onBlur={onBlur}
        error={error}
      />
    );
  };
}

/** Decimal comma, thousands dot; the value is a number or null. */
export const DecimalField = decimalField(DecimalInput);
/** "R$ 1.234,56". */
export const MoneyField = decimalField(MoneyInput);
/** "12,5 %". */
export const PercentField = decimalField(PercentInput);

/** A whole number (columns, lines, a character limit); blank is null. */
export function IntegerField({ name, required, ...props }: Bound<NumberInputProps>) {
  const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
  return (
    <NumberInput
      withAsterisk={required}
      allowDecimal={false}
      allowNegative={false}
      {...props}
      name={fieldName}
      ref={ref}
      value={(value as number | null | undefined) ?? ''}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
      onBlur={onBlur}
      error={error}
    />
  );
}

/**
 * A select whose options may be numbers (ids, font sizes) or texts; the value keeps the option's
 * type. An optional field (required={false}) can be cleared unless told otherwise.
 */
export function SelectField({
  name,
  required,
  options,
  clearable = required === false,
  ...props
}: Bound<Omit<SelectProps, 'data'>> & {
  options: ReadonlyArray<{ value: string | number; label: string }>;
}) {
  const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
  const numeric = options.length > 0 && typeof options[0]!.value === 'number';
  return (
    <Select
      withAsterisk={required}
      placeholder="Selecione"
      allowDeselect={clearable}
      clearable={clearable}
      {...props}
      name={fieldName}
      data={options.map((option) => ({ value: String(option.value), label: option.label }))}
      ref={ref}
      value={value == null || value === '' ? null : String(value)}
      onChange={(next) => onChange(next == null ? null : numeric ? Number(next) : next)}
      onBlur={onBlur}
      error={error}
    />
  );
}

/**
 * A day typed as dd/mm/aaaa or picked in the calendar; the value is "aaaa-mm-dd". Up to today,
 * or, given `minDate` (an appointment's day), from that day on; `livre` lifts both limits (a due
 * day, a month of competence).
 */
export function DateField({
  name,
  required,
  label,
  description,
  disabled,
  placeholder,
  minDate,
  livre = false,
}: Binding & {
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  minDate?: string;
  livre?: boolean;
}) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <DateInputBR
      label={label}
      withAsterisk={required}
      minDate={minDate}
      maxDate={minDate || livre ? undefined : todayISO()}
      clearable
      description={description}
      disabled={disabled}
      placeholder={placeholder}
      ref={ref}
      value={(value as string | null) ?? null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      onBlur={onBlur}
      error={error}
    />
  );
}

type ToggleInput = ComponentType<{
  label: ReactNode;
  disabled?: boolean;
  name: string;
  description?: ReactNode;
  ref?: unknown;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error?: ReactNode;
}>;

function toggleField(Input: ToggleInput) {
  return function ToggleField({
    name,
    label,
    description,
    disabled,
  }: Binding & { label: ReactNode; description?: ReactNode; disabled?: boolean }) {
    const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
    return (
      <Input
        label={label}
        description={description}
        disabled={disabled}
        name={fieldName}
        ref={ref}
        checked={Boolean(value)}
        onChange={(event) => onChange(event.currentTarget.checked)}
        onBlur={onBlur}
        error={error}
      />
    );
  };
}

/** A yes/no value as a checkbox or as a switch. */
export const CheckboxField = toggleField(Checkbox as ToggleInput);
export const SwitchField = toggleField(Switch as ToggleInput);

interface MaskedProps {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
}

type MaskedComponent = ComponentType<
  MaskedProps & {
    value: string | null | undefined;
    onChange: (value: string) => void;
    onBlur?: () => void;
    withAsterisk?: boolean;
    error?: ReactNode;
    name?: string;
    ref?: unknown;
  }
>;

function maskedField(Input: MaskedComponent) {
  return function MaskedField({ name, required, ...props }: Binding & MaskedProps) {
    const { ref, fieldName, value, onChange, onBlur, error } = useField(name);
    return (
      <Input
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
export const NcmField = maskedField(NcmInput as MaskedComponent);
export const CestField = maskedField(CestInput as MaskedComponent);
export const NbsField = maskedField(NbsInput as MaskedComponent);
/** "Cidade/UF" with the 27 UFs suggested. */
export const CidadeUfField = maskedField(CidadeUfInput as unknown as MaskedComponent);

export function UfField({ name, required, ...props }: Binding & MaskedProps) {
  const { ref, value, onChange, onBlur, error } = useField(name);
  return (
    <UfSelect
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
