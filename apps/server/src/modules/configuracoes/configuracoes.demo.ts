import type { Transaction } from '../../db/database';
import { saveEmpresa } from './configuracoes.repository';

/** The demo company: the env's defaults (config.ts), with its address in fields and a PIX key. */
export async function seedConfiguracoesDemo(tx: Transaction): Promise<void> {
  await saveEmpresa(tx, {
    razao_social: 'Prumo Comércio e Serviços Ltda',
    nome_fantasia: 'Prumo',
    documento: '11222333000181',
    inscricao_estadual: '110.042.490.114',
    cep: '01310100',
    logradouro: 'Av. Paulista',
    numero: '1000',
    complemento: null,
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    telefone: '(11) 3000-0000',
    email: 'contato@prumo.com.br',
    pix_tipo: 'cnpj',
    pix_chave: '11222333000181',
    pix_nome: 'Prumo Comercio',
    pix_cidade: 'Sao Paulo',
  });
}
