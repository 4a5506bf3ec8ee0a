import { Autocomplete, Group, InputBase, Select, Text, type InputBaseProps } from '@mantine/core';
import { forwardRef, useMemo, type ComponentProps } from 'react';
import { IMaskInput } from 'react-imask';
import { UFS } from '@prumo/shared/brasil';

/**
 * Brazilian inputs: masks for CPF, CNPJ (alphanumeric too), CEP and phones through react-imask
 * as the element of Mantine's InputBase; the 27 UFs for 'city/UF' and UF fields. Values are the
 * masked text; the shared schema normalises them (documents and CEP to digits).
 */
type MaskedProps = Omit<InputBaseProps, 'value' | 'onChange'> &
  Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'size'> & {
    value: string | null | undefined;
    onChange: (value: string) => void;
  };

type MaskOptions = Record<string, unknown>;

function createMaskedInput(options: MaskOptions, displayName: string) {
  const Component = forwardRef<HTMLInputElement, MaskedProps>(function MaskedInput(
    { value, onChange, ...props },
    ref,
  ) {
    return (
      <InputBase
        {...props}
        {...(options as object)}
        component={IMaskInput}
        inputRef={ref}
        value={value ?? ''}
        onAccept={(next: string) => {
          if (next !== (value ?? '')) onChange(next);
        }}
      />
    );
  });
  Component.displayName = displayName;
  return Component;
}

export const CpfInput = createMaskedInput(
  { mask: '000.000.000-00', inputMode: 'numeric' },
  'CpfInput',
);

/** CNPJ of 12 letters or digits and two check digits: "12.ABC.345/01DE-35". */
export const CnpjInput = createMaskedInput(
  {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (chars: string) => chars.toUpperCase(),
  },
  'CnpjInput',
);

export const CepInput = createMaskedInput({ mask: '00000-000', inputMode: 'numeric' }, 'CepInput');

/** A product's NCM as the tables print it: "0901.21.00" (the schema keeps the 8 digits). */
export const NcmInput = createMaskedInput({ mask: '0000.00.00', inputMode: 'numeric' }, 'NcmInput');

/** A service's NBS: "1.1403.10.00" (the schema keeps the 9 digits). */
export const NbsInput = createMaskedInput(
  { mask: '0.0000.00.00', inputMode: 'numeric' },
  'NbsInput',
);

/** A product's CEST: "17.099.00" (the schema keeps the 7 digits). */
export const CestInput = createMaskedInput(
  { mask: '00.000.00', inputMode: 'numeric' },
  'CestInput',
);

/**
 * "(11) 3333-4444" or "(11) 98888-7777"; a number starting with + (a foreign customer) is kept
 * as typed, so loading one never rewrites it.
 */
export const TelefoneInput = createMaskedInput(
  {
    mask: [
      { mask: '(00) 0000-0000' },
      { mask: '(00) 00000-0000' },
      { mask: /^\+[\d\s().-]{0,19}$/ },
    ],
    dispatch: (appended: string, dynamic: { value: string; compiledMasks: unknown[] }) => {
      const text = `${dynamic.value}${appended}`.trim();
      if (text.startsWith('+')) return dynamic.compiledMasks[2];
      return dynamic.compiledMasks[text.replace(/\D/g, '').length > 10 ? 1 : 0];
    },
    inputMode: 'tel',
  },
  'TelefoneInput',
);

const UF_OPTIONS = UFS.map((uf) => ({ value: uf.sigla, label: `${uf.sigla} — ${uf.nome}` }));
const UF_NOMES = new Map<string, string>(UFS.map((uf) => [uf.sigla, uf.nome]));

type UfSelectProps = Omit<ComponentProps<typeof Select>, 'data' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
};

/** The 27 federative units. */
export const UfSelect = forwardRef<HTMLInputElement, UfSelectProps>(function UfSelect(
  { value, onChange, ...props },
  ref,
) {
  return (
    <Select
      ref={ref}
      data={UF_OPTIONS}
      searchable
      clearable
      placeholder="Selecione"
      nothingFoundMessage="UF não encontrada"
      {...props}
      value={value ?? null}
      onChange={(next) => onChange(next as string | null)}
    />
  );
});

type CidadeUfProps = Omit<ComponentProps<typeof Autocomplete>, 'data' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/** 'city/UF' in one field: after the city it offers "Cidade/UF" for each of the 27 UFs. */
export const CidadeUfInput = forwardRef<HTMLInputElement, CidadeUfProps>(function CidadeUfInput(
  { value, onChange, ...props },
  ref,
) {
  const text = value ?? '';
  const cidade = text.split('/')[0]!.trim();
  const data = useMemo(() => (cidade ? UFS.map((uf) => `${cidade}/${uf.sigla}`) : []), [cidade]);
  return (
    <Autocomplete
      ref={ref}
      placeholder="Cidade/UF (ex.: São Paulo/SP)"
      {...props}
      data={data}
      limit={27}
      value={text}
      onChange={onChange}
      renderOption={({ option }) => {
        const sigla = option.value.slice(option.value.lastIndexOf('/') + 1);
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{option.value}</Text>
            <Text size="xs" c="dimmed">
              {UF_NOMES.get(sigla)}
            </Text>
          </Group>
        );
      }}
    />
  );
});
