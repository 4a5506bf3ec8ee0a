import { normalizeSearch } from '../search';
import tabela from './lista-servicos-nacional.json';

/*
 * The national service list of the NFS-e (see ORIGEM.md beside this file): the code a DPS carries
 * in cTribNac and the description the screens show. Its own entry point, like the IBGE table, so
 * only the server and the screens that pick a service code load its 35 kB.
 */

export interface ServicoNacional {
  /** cTribNac: 6 digits, LC 116 item (2) + subitem (2) + national breakdown (2). */
  codigo: string;
  /** The code as people read it: "14.01.01". */
  codigoFormatado: string;
  descricao: string;
}

/** "140101" → "14.01.01" (anything that is not 6 digits is returned as it came). */
export function formatCodigoServicoNacional(codigo: string): string {
  return /^\d{6}$/.test(codigo)
    ? `${codigo.slice(0, 2)}.${codigo.slice(2, 4)}.${codigo.slice(4)}`
    : codigo;
}

/** A code typed with or without its dots and spaces: "14.01.01", "14 01 01" → "140101". */
export function normalizeCodigoServicoNacional(texto: string): string {
  return texto.replace(/[\s.\-/]/g, '');
}

export const SERVICOS_NACIONAIS: readonly ServicoNacional[] = (
  tabela as Array<[string, string]>
).map(([codigo, descricao]) => ({
  codigo,
  codigoFormatado: formatCodigoServicoNacional(codigo),
  descricao,
}));

const POR_CODIGO = new Map(SERVICOS_NACIONAIS.map((servico) => [servico.codigo, servico]));
const DESCRICOES = new Map(
  SERVICOS_NACIONAIS.map((servico) => [servico.codigo, normalizeSearch(servico.descricao)]),
);

/** The service of a code, given with or without its dots ("14.01.01" or "140101"). */
export function servicoNacionalPorCodigo(codigo: string): ServicoNacional | undefined {
  return POR_CODIGO.get(normalizeCodigoServicoNacional(codigo));
}

/** Whether the code (with or without dots) is on the national list. */
export function isCodigoServicoNacional(codigo: string): boolean {
  return servicoNacionalPorCodigo(codigo) !== undefined;
}

/** A search's words: a code or the start of one (dots ignored) and words of the description. */
function termosDe(texto: string): { codigos: string[]; palavras: string[] } {
  const codigos: string[] = [];
  const palavras: string[] = [];
  for (const termo of normalizeSearch(texto).split(/\s+/)) {
    if (!termo) continue;
    const semPontos = normalizeCodigoServicoNacional(termo);
    if (/^\d+$/.test(semPontos)) codigos.push(semPontos);
    else palavras.push(termo);
  }
  return { codigos, palavras };
}

/**
 * The services matching a search, at most `limite`: by code, with or without its dots ("14.01",
 * "140101", "14.01.01": the codes starting so), and by the words of the description, accents and
 * case ignored, every word present ("manutencao veiculos"). Codes that match come first, then
 * descriptions starting with the text, then the others, each in the list's order. A blank search
 * answers the start of the list.
 */
export function buscarServicosNacionais(texto: string, limite = 50): ServicoNacional[] {
  const { codigos, palavras } = termosDe(texto);
  if (codigos.length === 0 && palavras.length === 0) return SERVICOS_NACIONAIS.slice(0, limite);
  const frase = palavras.join(' ');
  const porCodigo: ServicoNacional[] = [];
  const comeca: ServicoNacional[] = [];
  const contem: ServicoNacional[] = [];
  for (const servico of SERVICOS_NACIONAIS) {
    if (!codigos.every((codigo) => servico.codigo.startsWith(codigo))) continue;
    const descricao = DESCRICOES.get(servico.codigo)!;
    if (!palavras.every((palavra) => descricao.includes(palavra))) continue;
    if (codigos.length > 0) porCodigo.push(servico);
    else if (descricao.startsWith(frase)) comeca.push(servico);
    else contem.push(servico);
  }
  return [...porCodigo, ...comeca, ...contem].slice(0, limite);
}
