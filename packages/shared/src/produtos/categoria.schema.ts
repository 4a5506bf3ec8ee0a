import { optionalText, requiredText, z } from '../validation';
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
