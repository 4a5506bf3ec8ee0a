// Texts and numbers as the fiscal schemas want them (NF-e's TString, NFS-e's TSString): shared by
// the NF-e builder (nfe/nfe-xml.ts) and the DPS builder (nfse/dps-xml.ts).

const TROCAS: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u00B4`]/g, "'"],
  [/[\u201C\u201D\u201E]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/\s+/g, ' '],
];

/**
 * A text as TString accepts it: characters between U+0020 and U+00FF (no line breaks or control
 * characters, nothing outside Latin-1), no space at either end, at most `maximo` characters.
 */
export function textoFiscal(valor: string | null | undefined, maximo: number): string {
  let texto = (valor ?? '').normalize('NFC');
  for (const [padrao, troca] of TROCAS) texto = texto.replace(padrao, troca);
  texto = texto.replace(/[^\x20-\x7E\xA1-\xFF]/g, '').replace(/ {2,}/g, ' ');
  return texto.trim().slice(0, maximo).trim();
}

export function escapar(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const tag = (nome: string, conteudo: string | number) => `<${nome}>${conteudo}</${nome}>`;
/** A text element, or nothing when the text is empty and the element optional. */
export function texto(
  nome: string,
  valor: string | null | undefined,
  maximo: number,
  opcional = false,
) {
  const limpo = textoFiscal(valor, maximo);
  return opcional && limpo === '' ? '' : tag(nome, escapar(limpo));
}
export const somenteDigitos = (valor: string | null | undefined) =>
  (valor ?? '').replace(/\D/g, '');

/** Centavos as "1234.56". */
export function dinheiro(centavos: number): string {
  const inteiro = Math.round(centavos);
  return `${Math.trunc(inteiro / 100)}.${String(inteiro % 100).padStart(2, '0')}`;
}
