import { SimpleGrid, TextInput } from '@mantine/core';
import { formatMoney } from '@prumo/shared/money';
import { CANAIS_VENDA_OS } from '@prumo/shared/ordens-servico';
import { CepField, SelectField, TextAreaField, TextField, UfField } from './fields';

/**
 * The fields that a document's form (a quote, a service order) shares with the others: its
 * sale channel and cost centre, its delivery address, its two notes and its computed amounts.
 */

/** The sale channel (presencial, telefone...) and the cost centre, two cells of a grid. */
export function CanalCentroFields() {
  return (
    <>
      <SelectField
        name="canal_venda"
        label="Canal de venda"
        options={CANAIS_VENDA_OS}
        allowDeselect={false}
      />
      <TextField name="centro_custo" label="Centro de custo" />
    </>
  );
}

/** The delivery address: CEP, street, number, complement, district, city, UF. */
export function EnderecoFields() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <CepField name="cep" label="CEP" placeholder="00000-000" />
      <TextField name="logradouro" label="Logradouro" placeholder="Rua, avenida..." />
      <TextField name="numero_endereco" label="Número" />
      <TextField name="complemento" label="Complemento" />
      <TextField name="bairro" label="Bairro" />
      <TextField name="cidade" label="Cidade" />
      <UfField name="uf" label="UF" />
    </SimpleGrid>
  );
}

/** The printed notes and the team's own, each with what it says of printing. */
export function ObservacoesFields({
  impressas,
  internas,
}: {
  impressas: string;
  internas: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextAreaField name="observacoes" label="Observações" description={impressas} />
      <TextAreaField
        name="observacoes_internas"
        label="Observações internas"
        description={internas}
      />
    </SimpleGrid>
  );
}

/** An amount computed from the form (a total), read-only; `forte` in bold. */
export function ValorLido({
  label,
  valor,
  forte = false,
  'data-testid': testId,
}: {
  label: string;
  valor: number;
  forte?: boolean;
  'data-testid': string;
}) {
  return (
    <TextInput
      label={label}
      value={formatMoney(valor)}
      readOnly
      variant="filled"
      styles={forte ? { input: { fontWeight: 700 } } : undefined}
      data-testid={testId}
    />
  );
}
