import {
  Checkbox,
  Select,
  Textarea,
  TextInput,
  type SelectProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import {
  DecimalInput,
  MoneyInput,
  PercentInput,
  type DecimalInputProps,
} from '../../../components/inputs/DecimalInput';
import type { ProdutoField, ProdutoFormValues } from '../produto-form';

type NumberProps = Omit<DecimalInputProps, 'value' | 'onValueChange' | 'name'> & {
  name: ProdutoField;
};

/** Inputs of the product forms, bound by name to the form (react-hook-form context). */
export function TextField({
  name,
  ...props
}: Omit<TextInputProps, 'name'> & { name: ProdutoField }) {
  const { control } = useFormContext<ProdutoFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function TextareaField({
  name,
  ...props
}: Omit<TextareaProps, 'name'> & { name: ProdutoField }) {
  const { control } = useFormContext<ProdutoFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function numberField(Input: typeof DecimalInput) {
  return function NumberField({ name, ...props }: NumberProps) {
    const { control } = useFormContext<ProdutoFormValues>();
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <Input
            {...props}
            name={field.name}
            ref={field.ref}
            value={field.value as number | null | undefined}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    );
  };
}

export const DecimalField = numberField(DecimalInput);
export const MoneyField = numberField(MoneyInput);
export const PercentField = numberField(PercentInput);

export function CheckboxField({ name, label }: { name: ProdutoField; label: string }) {
  const { control } = useFormContext<ProdutoFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}

/** A select whose options may be numbers (ids, origem) or texts (units). */
export function SelectField({
  name,
  options,
  ...props
}: Omit<SelectProps, 'name' | 'data' | 'value' | 'onChange'> & {
  name: ProdutoField;
  options: ReadonlyArray<{ value: string | number; label: string }>;
}) {
  const { control } = useFormContext<ProdutoFormValues>();
  const numeric = options.length > 0 && typeof options[0]!.value === 'number';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          allowDeselect={false}
          {...props}
          name={field.name}
          ref={field.ref}
          data={options.map((option) => ({ value: String(option.value), label: option.label }))}
          value={field.value == null || field.value === '' ? null : String(field.value)}
          onChange={(value) =>
            field.onChange(value == null ? null : numeric ? Number(value) : value)
          }
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
