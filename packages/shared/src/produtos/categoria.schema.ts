import { listQuerySchema, optionalText, requiredText, z } from '../validation';
import { PRODUTO_MESSAGES } from './produto.rules';

/** Product groups (categorias), spec part 2 sections 3.3 and 5. */
export const categoriaInputSchema = z.strictObject({
  nome: requiredText(PRODUTO_MESSAGES.grupoObrigatorio, 120),
  descricao: optionalText(500),
});
export type CategoriaInput = z.input<typeof categoriaInputSchema>;
export type CategoriaData = z.output<typeof categoriaInputSchema>;

/** GET /api/categorias: id, nome, descricao, created_at and how many products use the group. */
export const categoriaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  created_at: z.string(),
  total_produtos: z.number(),
});
export type Categoria = z.infer<typeof categoriaSchema>;
export const categoriaListSchema = z.array(categoriaSchema);

/** Sort keys of GET /api/categorias: the name (pt-BR) or how many products use the group. */
export const CATEGORIA_SORTS = ['nome', 'produtos'] as const;
export type CategoriaSort = (typeof CATEGORIA_SORTS)[number];

/** GET /api/categorias?q=&sort=&order=&limit=&offset=: `q` searches the name. */
export const categoriaListQuerySchema = listQuerySchema(CATEGORIA_SORTS);
export type CategoriaListQuery = z.output<typeof categoriaListQuerySchema>;
