import { RELATORIOS_DE_ESTOQUE } from './estoque.relatorios';
import { RELATORIOS_FINANCEIROS } from './financeiro.relatorios';
import type { DefinicaoRelatorio } from './relatorios.repository';
import { RELATORIOS_DE_SERVICOS } from './servicos.relatorios';
import { RELATORIOS_DE_VENDAS } from './vendas.relatorios';

/** Every report of /relatorios, in the catalogue's order (grouped by area). */
export const CATALOGO: readonly DefinicaoRelatorio[] = [
  ...RELATORIOS_DE_VENDAS,
  ...RELATORIOS_DE_ESTOQUE,
  ...RELATORIOS_FINANCEIROS,
  ...RELATORIOS_DE_SERVICOS,
];
