// Text for the standard PDF fonts: what they cannot encode is replaced, never thrown, and lines
// are wrapped or cut to a width. Pure functions, so they run without pdf-lib.

/** The width of a text in one font at one size (pdf-lib's widthOfTextAtSize). */
export type Medir = (texto: string) => number;

const RETICENCIAS = '…';
const segmentador = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });
const INVISIVEL = /^[\p{Cf}\p{M}\p{Emoji_Modifier}]+$/u;
const ESPACO = /^[\s\p{Cc}]+$/u;

/**
 * A cleaner for one font's character set (WinAnsi for the standard fonts). Each grapheme the
 * font cannot print becomes the nearest it can (ő → o, ﬁ → fi), nothing when it is invisible
 * (bidi controls such as U+202E, joiners, variation selectors), a space when it is white space,
 * else one "?" (an emoji with its skin tone is one "?").
 */
export function criarLimpador(suportados: ReadonlySet<number>): (texto: string) => string {
  const imprimivel = (texto: string) => {
    for (const char of texto) if (!suportados.has(char.codePointAt(0)!)) return false;
    return true;
  };
  return (texto) => {
    const nfc = texto.normalize('NFC');
    if (imprimivel(nfc)) return nfc;
    let limpo = '';
    for (const { segment } of segmentador.segment(nfc)) {
      if (imprimivel(segment)) limpo += segment;
      else if (ESPACO.test(segment)) limpo += ' ';
      else if (INVISIVEL.test(segment)) continue;
      else {
        const base = Array.from(segment.normalize('NFKD'))
          .filter((char) => suportados.has(char.codePointAt(0)!))
          .join('');
        limpo += base || '?';
      }
    }
    return limpo;
  };
}

/** One line: runs of white space (new lines too) become one space. */
export const umaLinha = (texto: string) => texto.replace(/\s+/g, ' ').trim();

/** Cuts a line to a width, ending in an ellipsis (binary search: long names are common). */
export function cortar(texto: string, largura: number, medir: Medir): string {
  if (medir(texto) <= largura) return texto;
  let cabe = 0;
  let naoCabe = texto.length;
  while (naoCabe - cabe > 1) {
    const meio = (cabe + naoCabe) >> 1;
    if (medir(texto.slice(0, meio).trimEnd() + RETICENCIAS) <= largura) cabe = meio;
    else naoCabe = meio;
  }
  return texto.slice(0, cabe).trimEnd() + RETICENCIAS;
}

/** Splits a word wider than the line into pieces that fit, letter by letter. */
function partirPalavra(palavra: string, largura: number, medir: Medir): string[] {
  const pedacos: string[] = [];
  let atual = '';
  for (const char of palavra) {
    if (atual && medir(atual + char) > largura) {
      pedacos.push(atual);
      atual = char;
    } else atual += char;
  }
  if (atual) pedacos.push(atual);
  return pedacos;
}

/**
 * Word-wraps one paragraph to a width. With `maxLinhas`, the last line keeps what is left cut
 * with an ellipsis. `primeira` is the first line's width when it differs (a hanging indent).
 */
export function quebrar(
  texto: string,
  largura: number,
  medir: Medir,
  opcoes: { maxLinhas?: number; primeira?: number } = {},
): string[] {
  const linhas: string[] = [];
  let atual = '';
  const larguraDa = (linha: number) => (linha === 0 ? (opcoes.primeira ?? largura) : largura);
  for (const palavra of umaLinha(texto).split(' ')) {
    const tentativa = atual ? `${atual} ${palavra}` : palavra;
    if (medir(tentativa) <= larguraDa(linhas.length)) {
      atual = tentativa;
      continue;
    }
    if (atual) linhas.push(atual);
    const pedacos = partirPalavra(palavra, larguraDa(linhas.length), medir);
    linhas.push(...pedacos.slice(0, -1));
    atual = pedacos.at(-1) ?? '';
  }
  if (atual || linhas.length === 0) linhas.push(atual);
  const max = opcoes.maxLinhas;
  if (!max || linhas.length <= max) return linhas;
  const ultima = linhas.slice(max - 1).join(' ');
  return [
    ...linhas.slice(0, max - 1),
    cortar(`${ultima}${RETICENCIAS}`, larguraDa(max - 1), medir),
  ];
}
