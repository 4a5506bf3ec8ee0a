import { Fieldset, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  calcularValoresProduto,
  CATEGORIA_PADRAO_ID,
  CATEGORIA_PADRAO_NOME,
  looksLikeGtin,
  ORIGENS,
  PRODUTOS_ESPECIFICOS,
  UNIDADE_PADRAO,
  UNIDADES_MEDIDA,
  type Categoria,
} from '@prumo/shared/produtos';
import { FISCAL_TEXTOS } from '@prumo/shared/fiscal';
import { MoneyInput } from '../../../components/inputs/DecimalInput';
import type { ProdutoFormValues } from '../produto-form';
import { formatQuantidade } from '../texts';
import {
  CestField,
  CheckboxField,
  DecimalField,
  MoneyField,
  NcmField,
  PercentField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';

export function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      {title && (
        <Title order={4} fw={600}>
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

/** The group options; 'Categoria Padrão' is always there, even before the list arrives. */
export function grupoOptions(categorias: readonly Categoria[] | undefined) {
  const options = (categorias ?? []).map((categoria) => ({
    value: categoria.id,
    label: categoria.nome,
  }));
  if (!options.some((option) => option.value === CATEGORIA_PADRAO_ID)) {
    options.unshift({ value: CATEGORIA_PADRAO_ID, label: CATEGORIA_PADRAO_NOME });
  }
  return options;
}

const UNIDADE_OPTIONS = UNIDADES_MEDIDA.map((unidade) => ({ ...unidade }));

/** Nome, código interno, código de barras and the product group. */
export function IdentidadeFields({ categorias }: { categorias: readonly Categoria[] | undefined }) {
  return (
    <Stack gap="sm">
      <TextField name="nome" label="Nome do produto" withAsterisk autoFocus maxLength={200} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="codigo_interno" label="Código interno" maxLength={50} />
        <TextField
          name="codigo_barras"
          label="Código de barras"
          description="EAN/GTIN de 8, 12, 13 ou 14 dígitos, ou um código próprio"
          maxLength={50}
          inputMode="numeric"
        />
      </SimpleGrid>
      <SelectField
        name="categoria_id"
        label="Grupo do produto"
        searchable
        nothingFoundMessage="Nenhum grupo encontrado"
        options={grupoOptions(categorias)}
      />
    </Stack>
  );
}

export const FLAG_LABELS = {
  movimenta_estoque: 'Movimenta estoque',
  habilitar_nota_fiscal: 'Habilitar nota fiscal',
  possui_variacoes: 'Possui variações',
  possui_composicao: 'Possui composição',
  ativo: 'Produto ativo',
  vendido_separadamente: 'Vendido separadamente',
  comercializavel_pdv: 'Comercializável no PDV',
} as const;

export function FlagsFields({ flags }: { flags: ReadonlyArray<keyof typeof FLAG_LABELS> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {flags.map((flag) => (
        <CheckboxField key={flag} name={flag} label={FLAG_LABELS[flag]} />
      ))}
    </SimpleGrid>
  );
}

export function UnidadeField() {
  return (
    <SelectField
      name="unidade_medida"
      label="Unidade de medida"
      searchable
      options={UNIDADE_OPTIONS}
      maw={320}
    />
  );
}

/** entrada_quantidade entrada_unidade = saida_quantidade saida_unidade. */
export function ConversaoFields() {
  const [entradaQuantidade, entradaUnidade, saidaQuantidade, saidaUnidade] = useWatch<
    ProdutoFormValues,
    ['entrada_quantidade', 'entrada_unidade', 'saida_quantidade', 'saida_unidade']
  >({ name: ['entrada_quantidade', 'entrada_unidade', 'saida_quantidade', 'saida_unidade'] });
  return (
    <Section title="Conversão de unidades">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fieldset legend="Entrada (compra)" variant="filled">
          <SimpleGrid cols={2}>
            <DecimalField
              name="entrada_quantidade"
              label="Quantidade de entrada"
              decimalScale={3}
            />
            <SelectField
              name="entrada_unidade"
              label="Unidade de entrada"
              options={UNIDADE_OPTIONS}
              searchable
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Saída (venda)" variant="filled">
          <SimpleGrid cols={2}>
            <DecimalField
              name="saida_quantidade"
              label="Quantidade de saída"
              decimalScale={2}
              fixedDecimalScale
            />
            <SelectField
              name="saida_unidade"
              label="Unidade de saída"
              options={UNIDADE_OPTIONS}
              searchable
            />
          </SimpleGrid>
        </Fieldset>
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="conversao-resumo">
        {formatQuantidade(entradaQuantidade)} {entradaUnidade || UNIDADE_PADRAO} de entrada ={' '}
        {formatQuantidade(saidaQuantidade)} {saidaUnidade || UNIDADE_PADRAO} de saída
      </Text>
    </Section>
  );
}

export function MedidasFields() {
  const medida = { decimalScale: 3, fixedDecimalScale: true } as const;
  return (
    <Section title="Medidas">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DecimalField name="peso" label="Peso (kg)" {...medida} />
        <DecimalField name="largura" label="Largura (m)" {...medida} />
        <DecimalField name="altura" label="Altura (m)" {...medida} />
        <DecimalField name="comprimento" label="Comprimento (m)" {...medida} />
      </SimpleGrid>
    </Section>
  );
}

export function ComissaoField() {
  return <PercentField name="comissao" label="Comissão (%)" fixedDecimalScale maw={200} />;
}

export function DescricaoField() {
  return (
    <TextAreaField
      name="descricao"
      label="Descrição"
      autosize
      minRows={3}
      maxRows={8}
      maxLength={2000}
    />
  );
}

/**
 * Cost values, the live computed values (shared rule, the same the server stores), and the
 * sale values. Custo final and Valor de venda sugerido are read-only.
 */
export function ValoresFields({ categoriaSelect }: { categoriaSelect?: ReactNode }) {
  const [custo, despesas_acessorias, outras_despesas, lucro_sugerido] = useWatch<
    ProdutoFormValues,
    ['custo', 'despesas_acessorias', 'outras_despesas', 'lucro_sugerido']
  >({ name: ['custo', 'despesas_acessorias', 'outras_despesas', 'lucro_sugerido'] });
  const calculados = calcularValoresProduto({
    custo,
    despesas_acessorias,
    outras_despesas,
    lucro_sugerido,
  });
  return (
    <Stack gap="lg">
      <Section title="Custos">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <MoneyField name="custo" label="Valor de custo" />
          <MoneyField name="despesas_acessorias" label="Despesas acessórias" />
          <MoneyField name="outras_despesas" label="Outras despesas" />
          <MoneyInput
            label="Custo final"
            value={calculados.custo_final}
            onValueChange={() => undefined}
            readOnly
            variant="filled"
            data-testid="custo-final"
            description="Custo + despesas"
          />
        </SimpleGrid>
      </Section>
      <Section title="Venda">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <PercentField
            name="lucro_sugerido"
            label="Lucro sugerido (%)"
            max={10_000}
            fixedDecimalScale
            placeholder="50,00 %"
          />
          <MoneyInput
            label="Valor de venda sugerido"
            value={calculados.valor_venda_sugerido}
            onValueChange={() => undefined}
            readOnly
            variant="filled"
            data-testid="valor-venda-sugerido"
            description="Custo final × (1 + lucro)"
          />
          <PercentField
            name="lucro_utilizado"
            label="Lucro utilizado (%)"
            max={10_000}
            fixedDecimalScale
          />
          <MoneyField
            name="preco"
            label="Valor de venda utilizado"
            withAsterisk
            description="Preço de venda do produto"
          />
        </SimpleGrid>
      </Section>
      {categoriaSelect}
    </Stack>
  );
}

/** Stock quantities are whole numbers in the form (spec 5); a stored fraction is kept. */
export function EstoqueFields({ fractional = false }: { fractional?: boolean }) {
  const scale = fractional ? 3 : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <DecimalField name="estoque" label="Quantidade atual" decimalScale={scale} />
      <DecimalField name="estoque_minimo" label="Estoque mínimo" decimalScale={scale} />
      <DecimalField
        name="estoque_maximo"
        label="Estoque máximo"
        decimalScale={scale}
        description="0 = sem máximo"
      />
    </SimpleGrid>
  );
}

/**
 * What the fiscal note reads from elsewhere in the form, shown here: the barcode as GTIN (or
 * "SEM GTIN" when it is blank or not a GTIN) and the unit of measure as the taxable unit.
 */
function GtinUnidade() {
  const [codigoBarras, unidade] = useWatch<ProdutoFormValues, ['codigo_barras', 'unidade_medida']>({
    name: ['codigo_barras', 'unidade_medida'],
  });
  const codigo = (codigoBarras ?? '').trim();
  const gtin = looksLikeGtin(codigo);
  const explicacao = !codigo
    ? `Sem código de barras: a nota leva "${FISCAL_TEXTOS.semGtin}". Se o produto tiver EAN, informe-o no código de barras.`
    : gtin
      ? 'O código de barras do produto vai na nota como GTIN.'
      : `O código de barras não é um GTIN (EAN de 8, 12, 13 ou 14 dígitos): a nota leva "${FISCAL_TEXTOS.semGtin}".`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="GTIN (cEAN)"
        value={gtin ? codigo : FISCAL_TEXTOS.semGtin}
        readOnly
        variant="filled"
        description={explicacao}
        data-testid="produto-gtin"
      />
      <TextInput
        label="Unidade tributável"
        value={unidade || UNIDADE_PADRAO}
        readOnly
        variant="filled"
        description="A unidade de medida do produto"
        data-testid="produto-unidade-tributavel"
      />
    </SimpleGrid>
  );
}

export function FiscalFields() {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NcmField
          name="ncm"
          label="NCM"
          placeholder="0000.00.00"
          description="8 dígitos; a nota exige"
        />
        <CestField
          name="cest"
          label="CEST"
          placeholder="00.000.00"
          description="7 dígitos, quando houver"
        />
        <TextField name="cod_beneficio" label="Código de benefício" maxLength={10} />
        <TextField name="numero_fci" label="Número FCI" maxLength={36} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <SelectField name="origem" label="Origem" options={ORIGENS} />
        <SelectField
          name="produto_especifico"
          label="Produto específico"
          options={PRODUTOS_ESPECIFICOS}
        />
        <DecimalField
          name="peso_liquido"
          label="Peso líquido (kg)"
          decimalScale={3}
          fixedDecimalScale
        />
        <DecimalField
          name="peso_bruto"
          label="Peso bruto (kg)"
          decimalScale={3}
          fixedDecimalScale
        />
      </SimpleGrid>
      <GtinUnidade />
    </Stack>
  );
}

/** The Fornecedores tab is a placeholder (spec 2.3): no supplier linking yet. */
export function FornecedoresPlaceholder() {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center">
      <IconTruckDelivery size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
      <Text fw={600}>Nenhum fornecedor vinculado</Text>
      <Text size="sm" c="dimmed" maw={420}>
        Este produto ainda não tem fornecedores vinculados. O vínculo com fornecedores estará
        disponível em breve.
      </Text>
    </Stack>
  );
}
