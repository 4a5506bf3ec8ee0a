// Business rules of the product catalogue (spec part 2, sections 5 and 9), free of zod so that
// the form can use them live and the server recomputes with exactly the same code.
import { addPercent, sumMoney } from '../money';

/** A blank suggested profit counts as 50,00 % (spec section 9). */
export const LUCRO_SUGERIDO_PADRAO = 50;

/** 'Categoria Padrão' exists as id 1 in every database (created by a migration). */
export const CATEGORIA_PADRAO_ID = 1;
export const CATEGORIA_PADRAO_NOME = 'Categoria Padrão';

/** Unit of measure when none is given. */
export const UNIDADE_PADRAO = 'UN';

/** Price used when the form's sale value is empty or unparsable (spec section 5). */
export const PRECO_PADRAO = 1;

/** At most this many photos per product. */
export const MAX_FOTOS_PRODUTO = 10;

/** Suggestions of GET /api/produtos/search start at 2 typed characters and stop at 20 rows. */
export const PRODUTO_SEARCH_MIN_CHARS = 2;
export const PRODUTO_SEARCH_LIMIT = 20;

export const PRODUTO_MESSAGES = {
  nomeObrigatorio: 'Nome do produto é obrigatório',
  precoCreate: 'Preço do produto deve ser maior que zero',
  precoUpdate: 'Preço deve ser maior que zero',
  grupoObrigatorio: 'Nome do grupo é obrigatório',
  gtinInvalido: 'Código de barras inválido: o dígito verificador do GTIN/EAN não confere',
  ncmInvalido: 'NCM deve ter 8 dígitos',
  cestInvalido: 'CEST deve ter 7 dígitos',
  codigoInternoDuplicado: 'Já existe um produto com este código interno',
  codigoBarrasDuplicado: 'Já existe um produto com este código de barras',
  estoqueMaximo: 'Estoque máximo deve ser maior ou igual ao estoque mínimo',
  pesquisaCurta: `Digite pelo menos ${PRODUTO_SEARCH_MIN_CHARS} caracteres para pesquisar`,
} as const;

/** The units offered by the forms; the API accepts any short code. */
export const UNIDADES_MEDIDA = [
  { value: 'UN', label: 'UN - Unidade' },
  { value: 'CX', label: 'CX - Caixa' },
  { value: 'PC', label: 'PC - Peça' },
  { value: 'PCT', label: 'PCT - Pacote' },
  { value: 'DZ', label: 'DZ - Dúzia' },
  { value: 'FD', label: 'FD - Fardo' },
  { value: 'KIT', label: 'KIT - Kit' },
  { value: 'PAR', label: 'PAR - Par' },
  { value: 'KG', label: 'KG - Quilograma' },
  { value: 'G', label: 'G - Grama' },
  { value: 'L', label: 'L - Litro' },
  { value: 'ML', label: 'ML - Mililitro' },
  { value: 'M', label: 'M - Metro' },
  { value: 'M2', label: 'M2 - Metro quadrado' },
  { value: 'M3', label: 'M3 - Metro cúbico' },
  { value: 'RL', label: 'RL - Rolo' },
  { value: 'SC', label: 'SC - Saco' },
] as const;

/** Origin of the goods (fiscal tab). */
export const ORIGENS = [
  { value: 0, label: '0 - Nacional' },
  { value: 1, label: '1 - Estrangeira - importação direta' },
  { value: 2, label: '2 - Estrangeira - adquirida no mercado interno' },
] as const;
export type Origem = (typeof ORIGENS)[number]['value'];

export const PRODUTOS_ESPECIFICOS = [
  { value: 'nao_usar', label: 'Não usar' },
  { value: 'combustivel', label: 'Combustível' },
  { value: 'medicamento', label: 'Medicamento' },
] as const;
export type ProdutoEspecifico = (typeof PRODUTOS_ESPECIFICOS)[number]['value'];

/** The inputs of the computed values, as the API and the form name them. */
export interface ValoresProdutoInput {
  custo?: number | null;
  despesas_acessorias?: number | null;
  outras_despesas?: number | null;
  lucro_sugerido?: number | null;
}

export interface ValoresProdutoCalculados {
  custo_final: number;
  valor_venda_sugerido: number;
}

/**
 * Final cost = cost + ancillary expenses + other expenses; suggested sale value = final cost ×
 * (1 + suggested profit / 100), a blank profit being 50 %. Exact to the centavo (integer
 * arithmetic, half away from zero). The form shows it live; the server stores what it returns.
 */
export function calcularValoresProduto(input: ValoresProdutoInput): ValoresProdutoCalculados {
  const custoFinal = sumMoney(
    input.custo ?? 0,
    input.despesas_acessorias ?? 0,
    input.outras_despesas ?? 0,
  );
  const lucro = input.lucro_sugerido ?? LUCRO_SUGERIDO_PADRAO;
  return { custo_final: custoFinal, valor_venda_sugerido: addPercent(custoFinal, lucro) };
}

/** Stock is shown in red at or below the minimum stock. */
export function isEstoqueBaixo(estoque: number, estoqueMinimo: number | null | undefined): boolean {
  return estoque <= (estoqueMinimo ?? 0);
}

/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14 lengths. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let index = 0; index < digitsWithoutCheck.length; index++) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the code is a GTIN by its shape: only digits, 8, 12, 13 or 14 of them. */
export function looksLikeGtin(code: string): boolean {
  return /^\d+$/.test(code) && GTIN_LENGTHS.has(code.length);
}

/**
 * A barcode is acceptable when it is not GTIN-shaped (internal codes, Code 128 texts) or when it
 * is and its check digit is right.
 */
export function isBarcodeAcceptable(code: string): boolean {
  if (!looksLikeGtin(code)) return true;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
