import {
  gtinCheckDigit,
  produtoCreateSchema,
  type ProdutoCreateInput,
} from '@prumo/shared/produtos';
import type { Transaction } from '../../db/database';
import { createCategoria } from '../categorias/categorias.repository';
import { createProduto } from './produtos.repository';

/** A valid EAN-13 under a made-up Brazilian (789) company prefix. */
const ean = (item: number) => {
  const body = `789654321${String(item).padStart(3, '0')}`;
  return body + gtinCheckDigit(body);
};

const GRUPOS = [
  { nome: 'Mercearia', descricao: 'Alimentos não perecíveis' },
  { nome: 'Bebidas', descricao: 'Águas, sucos e refrigerantes' },
  { nome: 'Limpeza', descricao: 'Produtos de limpeza doméstica' },
  { nome: 'Higiene Pessoal', descricao: null },
] as const;

type Grupo = (typeof GRUPOS)[number]['nome'];

const PRODUTOS: Array<ProdutoCreateInput & { grupo: Grupo }> = [
  {
    grupo: 'Mercearia',
    nome: 'Café Torrado e Moído 500g',
    custo: 14.2,
    despesas_acessorias: 0.8,
    lucro_sugerido: 40,
    preco: 21.9,
    estoque: 48,
    estoque_minimo: 12,
    unidade_medida: 'PCT',
    descricao: 'Torra média, embalagem a vácuo',
    ncm: '09012100',
  },
  {
    grupo: 'Mercearia',
    nome: 'Açúcar Cristal 1kg',
    custo: 3.1,
    lucro_sugerido: 45,
    preco: 4.59,
    estoque: 120,
    estoque_minimo: 30,
    unidade_medida: 'KG',
    ncm: '17019900',
  },
  {
    grupo: 'Mercearia',
    nome: 'Arroz Branco Tipo 1 5kg',
    custo: 19.5,
    outras_despesas: 0.5,
    lucro_sugerido: 30,
    preco: 27.9,
    estoque: 8,
    estoque_minimo: 10,
    unidade_medida: 'PCT',
    ncm: '10063021',
  },
  {
    grupo: 'Mercearia',
    nome: 'Feijão Carioca 1kg',
    custo: 5.8,
    lucro_sugerido: 40,
    preco: 8.49,
    estoque: 64,
    estoque_minimo: 20,
    unidade_medida: 'KG',
    ncm: '07133319',
  },
  {
    grupo: 'Mercearia',
    nome: 'Óleo de Soja 900ml',
    custo: 5.2,
    lucro_sugerido: 35,
    preco: 7.29,
    estoque: 15,
    estoque_minimo: 15,
    unidade_medida: 'UN',
    ncm: '15079011',
  },
  {
    grupo: 'Bebidas',
    nome: 'Água Mineral sem Gás 500ml',
    custo: 0.9,
    lucro_sugerido: 120,
    preco: 2.5,
    estoque: 240,
    estoque_minimo: 48,
    unidade_medida: 'UN',
    ncm: '22011000',
    entrada_unidade: 'FD',
    entrada_quantidade: 1,
    saida_unidade: 'UN',
    saida_quantidade: 12,
  },
  {
    grupo: 'Bebidas',
    nome: 'Refrigerante Guaraná 2L',
    custo: 5.4,
    lucro_sugerido: 60,
    preco: 9.99,
    estoque: 36,
    estoque_minimo: 12,
    unidade_medida: 'UN',
    ncm: '22021000',
  },
  {
    grupo: 'Bebidas',
    nome: 'Suco de Uva Integral 1L',
    custo: 9.8,
    lucro_sugerido: 50,
    preco: 15.9,
    estoque: 0,
    estoque_minimo: 6,
    unidade_medida: 'UN',
    ncm: '20096100',
  },
  {
    grupo: 'Limpeza',
    nome: 'Detergente Neutro 500ml',
    custo: 1.45,
    lucro_sugerido: 70,
    preco: 2.69,
    estoque: 90,
    estoque_minimo: 24,
    unidade_medida: 'UN',
    ncm: '34022000',
  },
  {
    grupo: 'Limpeza',
    nome: 'Água Sanitária 1L',
    custo: 2.1,
    lucro_sugerido: 60,
    preco: 3.49,
    estoque: 5,
    estoque_minimo: 12,
    unidade_medida: 'UN',
    ncm: '28289011',
  },
  {
    grupo: 'Limpeza',
    nome: 'Sabão em Pó 1kg',
    custo: 8.9,
    lucro_sugerido: 45,
    preco: 13.9,
    estoque: 30,
    estoque_minimo: 10,
    unidade_medida: 'UN',
    ncm: '34022000',
  },
  {
    grupo: 'Higiene Pessoal',
    nome: 'Papel Higiênico Folha Dupla 12 rolos',
    custo: 12.5,
    lucro_sugerido: 40,
    preco: 18.9,
    estoque: 22,
    estoque_minimo: 8,
    unidade_medida: 'PCT',
    ncm: '48181000',
  },
  {
    grupo: 'Higiene Pessoal',
    nome: 'Creme Dental 90g',
    custo: 2.3,
    lucro_sugerido: 80,
    preco: 4.29,
    estoque: 75,
    estoque_minimo: 20,
    unidade_medida: 'UN',
    ncm: '33061000',
  },
];

/** Demo catalogue: four groups and a dozen everyday products, a few at or below minimum stock. */
export async function seedDemoProdutos(tx: Transaction): Promise<void> {
  const grupos = new Map<string, number>();
  for (const grupo of GRUPOS) {
    grupos.set(grupo.nome, (await createCategoria(tx, grupo)).id);
  }
  let item = 0;
  for (const { grupo, ...produto } of PRODUTOS) {
    item += 1;
    await createProduto(
      tx,
      produtoCreateSchema.parse({
        ...produto,
        categoria_id: grupos.get(grupo),
        codigo_interno: `PRD-${String(item).padStart(4, '0')}`,
        codigo_barras: ean(item),
      }),
    );
  }
}
