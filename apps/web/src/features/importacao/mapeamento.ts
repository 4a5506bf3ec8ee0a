import {
  CAMPOS_IMPORTACAO,
  IMPORTACAO_MENSAGENS,
  type TipoImportacao,
} from '@prumo/shared/importacao';

/** Field → the file's column it comes from (null: not imported). */
export type Mapeamento = Record<string, string | null>;

/**
 * What keeps the columns from being used, by field, in the server's words: a required field
 * without a column, a column chosen for two fields.
 */
export function errosDoMapeamento(
  tipo: TipoImportacao,
  mapeamento: Mapeamento,
): Record<string, string> {
  const erros: Record<string, string> = {};
  const usadas = new Map<string, number>();
  for (const coluna of Object.values(mapeamento))
    if (coluna) usadas.set(coluna, (usadas.get(coluna) ?? 0) + 1);
  for (const campo of CAMPOS_IMPORTACAO[tipo]) {
    const coluna = mapeamento[campo.chave];
    if (!coluna) {
      if (campo.obrigatorio)
        erros[campo.chave] = IMPORTACAO_MENSAGENS.campoObrigatorioSemColuna(campo.rotulo);
    } else if ((usadas.get(coluna) ?? 0) > 1) {
      erros[campo.chave] = IMPORTACAO_MENSAGENS.colunaRepetida(coluna);
    }
  }
  return erros;
}

/**
 * The key's message when its field has no column (a row could not find its record). A key that
 * is no field of its own (the opening stock finds the product by code or barcode, both read from
 * "Produto") needs no column of its own.
 */
export function erroDaChave(
  tipo: TipoImportacao,
  chave: string,
  mapeamento: Mapeamento,
): string | null {
  const campo = CAMPOS_IMPORTACAO[tipo].find((c) => c.chave === chave);
  if (!campo || mapeamento[chave]) return null;
  return IMPORTACAO_MENSAGENS.chaveSemColuna(campo.rotulo);
}

/** Only the fields with a column (what is sent and saved). */
export function mapeamentoEscolhido(mapeamento: Mapeamento): Record<string, string> {
  const escolhido: Record<string, string> = {};
  for (const [campo, coluna] of Object.entries(mapeamento)) if (coluna) escolhido[campo] = coluna;
  return escolhido;
}
