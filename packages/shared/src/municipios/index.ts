import { UFS, type UF } from '../brasil';
import tabela from './municipios-ibge.json';

/*
 * The municipalities of IBGE's territorial division (see ORIGEM.md beside this file): the code a
 * fiscal note carries (cMun, cMunFG) and the name it prints. Its own entry point, so only the
 * server and the screens that pick a município load its 150 kB.
 */

export interface Municipio {
  /** IBGE's 7-digit code; its first two digits are the UF's code. */
  codigo: number;
  nome: string;
  uf: UF;
}

const UF_DO_CODIGO = new Map<number, UF>(UFS.map((uf) => [uf.ibge, uf.sigla]));

export const MUNICIPIOS: readonly Municipio[] = (tabela as Array<[number, string]>).map(
  ([codigo, nome]) => ({ codigo, nome, uf: UF_DO_CODIGO.get(Math.floor(codigo / 100_000))! }),
);

const POR_CODIGO = new Map(MUNICIPIOS.map((municipio) => [municipio.codigo, municipio]));

export function municipioPorCodigo(codigo: number): Municipio | undefined {
  return POR_CODIGO.get(codigo);
}

/** The municipalities of a UF, in the table's order (by code). */
export function municipiosDaUF(uf: UF): Municipio[] {
  return MUNICIPIOS.filter((municipio) => municipio.uf === uf);
}
