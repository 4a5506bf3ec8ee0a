import { calcularTotaisOS, type LinhaOS } from '@prumo/shared/ordens-servico';
import { numero, texto } from './form-values';

/**
 * What the forms of the documents with product and service lines (a quote, a service order)
 * share: the lines, the delivery address and the notes, from the saved document to the form and
 * from the form to what is sent.
 */

/**
 * A line of a document's products or services (a service order, a quote), by the API's field
 * names so the server's "produtos.0.quantidade" lands on its field. The name is shown, not sent,
 * for a catalogue line; a line typed by hand (no id) sends it.
 */
export interface LinhaForm {
  nome: string;
  detalhes: string;
  quantidade: number | null;
  valor: number | null;
  desconto: number | null;
}

/** A line as the API answers it. */
interface LinhaSalva {
  nome: string;
  detalhes: string | null;
  quantidade: number;
  valor: number;
  desconto: number;
}

const linhaParaForm = (linha: LinhaSalva): LinhaForm => ({
  nome: linha.nome,
  detalhes: texto(linha.detalhes),
  quantidade: linha.quantidade,
  valor: linha.valor,
  desconto: linha.desconto,
});

/** A line as sent: a catalogue line is named by its id, a line typed by hand by its name. */
const linhaParaInput = (
  id: number | null,
  { nome, detalhes, quantidade, valor, desconto }: LinhaForm,
) => ({
  ...(id === null ? { nome } : {}),
  detalhes,
  // A blank quantity or value is sent as it is, so the schema says what is missing.
  quantidade: quantidade as number,
  valor,
  desconto: desconto ?? 0,
});

/** The lines as sent (POST/PUT). */
export function linhasParaInput<P extends number | null, S extends number | null>({
  produtos,
  servicos,
}: {
  produtos: readonly (LinhaForm & { produto_id: P })[];
  servicos: readonly (LinhaForm & { servico_id: S })[];
}) {
  return {
    produtos: produtos.map((item) => ({
      produto_id: item.produto_id,
      ...linhaParaInput(item.produto_id, item),
    })),
    servicos: servicos.map((item) => ({
      servico_id: item.servico_id,
      ...linhaParaInput(item.servico_id, item),
    })),
  };
}

/** The lines as the totals' rules take them (a blank input counts 0). */
export function linhasParaCalculo(linhas: readonly LinhaForm[]): LinhaOS[] {
  return linhas.map((linha) => ({
    quantidade: numero(linha.quantidade),
    valor: numero(linha.valor),
    desconto: numero(linha.desconto),
  }));
}

/** Each line's subtotal, as the server computes it (calcularTotaisOS). */
export function subtotaisDasLinhas(linhas: readonly LinhaForm[]): number[] {
  return calcularTotaisOS(linhasParaCalculo(linhas), [], { frete: 0, outros: 0, desconto: 0 })
    .produtos;
}

/** The delivery address and the notes of a document, as its form holds them. */
export interface DocumentoForm {
  cep: string;
  logradouro: string;
  numero_endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string | null;
  observacoes: string;
  observacoes_internas: string;
}

/** A new document: no lines, no address, no notes. */
export const DOCUMENTO_VAZIO = {
  produtos: [],
  servicos: [],
  cep: '',
  logradouro: '',
  numero_endereco: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: null,
  observacoes: '',
  observacoes_internas: '',
} satisfies DocumentoForm & { produtos: never[]; servicos: never[] };

/** A saved document's lines (a product without a unit of measure: UN), address and notes. */
export function documentoParaForm<P extends number | null, S extends number | null>(
  documento: { [Campo in keyof DocumentoForm]: string | null } & {
    produtos: readonly (LinhaSalva & { produto_id: P; unidade_medida: string | null })[];
    servicos: readonly (LinhaSalva & { servico_id: S })[];
  },
) {
  return {
    produtos: documento.produtos.map((linha) => ({
      ...linhaParaForm(linha),
      produto_id: linha.produto_id,
      unidade_medida: linha.unidade_medida ?? 'UN',
    })),
    servicos: documento.servicos.map((linha) => ({
      ...linhaParaForm(linha),
      servico_id: linha.servico_id,
    })),
    cep: texto(documento.cep),
    logradouro: texto(documento.logradouro),
    numero_endereco: texto(documento.numero_endereco),
    complemento: texto(documento.complemento),
    bairro: texto(documento.bairro),
    cidade: texto(documento.cidade),
    uf: documento.uf,
    observacoes: texto(documento.observacoes),
    observacoes_internas: texto(documento.observacoes_internas),
  };
}
