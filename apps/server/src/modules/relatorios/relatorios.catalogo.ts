import type { DefinicaoRelatorio } from './relatorios.repository';
import { RELATORIOS_DE_VENDAS } from './vendas.relatorios';

/** Every report of /relatorios, in the catalogue's order (grouped by area). */
export const CATALOGO: readonly DefinicaoRelatorio[] = [...RELATORIOS_DE_VENDAS];
