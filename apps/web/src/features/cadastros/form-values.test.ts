import { describe, expect, it } from 'vitest';
import { cadastroFormSchema, type CadastroDetalhe } from '@prumo/shared/cadastros';
import {
  cadastroToValues,
  emptyCadastroValues,
  formFields,
  withoutHiddenDocuments,
} from './form-values';

const detalhe: CadastroDetalhe = {
  id: 7,
  tipo: 'transportadora',
  tipo_cliente: null,
  tipo_fornecedor: null,
  tipo_transportadora: 'correios',
  situacao: 'ativo',
  nome: 'Rápido Sul',
  nome_fantasia: 'Rápido Sul',
  razao_social: 'Rápido Sul Transportes Ltda',
  email: 'a@b.com.br',
  telefone: null,
  celular: '(11) 98888-7777',
  fax: null,
  site: null,
  vendedor_responsavel: null,
  endereco_tipo: null,
  cep: '01310100',
  logradouro: 'Av. Paulista',
  numero: '1000',
  complemento: null,
  bairro: 'Bela Vista',
  cidade_uf: 'São Paulo/SP',
  cidade: 'São Paulo',
  uf: 'SP',
  codigo_municipio: null,
  indicador_ie: null,
  limite_credito: null,
  permitir_ultrapassar_limite: false,
  observacoes: null,
  cnpj: '11222333000181',
  inscricao_estadual: null,
  cpf: null,
  rg: null,
  data_nascimento: null,
  sexo: null,
  comissao: null,
  endereco: 'Av. Paulista, 1000',
  estado: 'SP',
  cnpj_cpf: '11222333000181',
  contatos: [{ nome: 'Célia', email: null, telefone: null, cargo: 'Coleta' }],
  foto: null,
  anexos: [],
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
};

describe('form values', () => {
  it('has exactly the fields of the full payload, with empty values the schema accepts', () => {
    for (const tipo of ['cliente', 'fornecedor', 'funcionario', 'transportadora'] as const) {
      const values = emptyCadastroValues(tipo, 'update');
      expect(Object.keys(values).sort()).toEqual(formFields(tipo, 'update').sort());
      const nameField = tipo === 'transportadora' ? 'nome_fantasia' : 'nome';
      const result = cadastroFormSchema(tipo, 'update').safeParse({ ...values, [nameField]: 'X' });
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });

  it('loads a record into every field, blanks as empty text and contacts as rows', () => {
    const values = cadastroToValues(detalhe);
    expect(values).toMatchObject({
      tipo: 'transportadora',
      tipo_transportadora: 'correios',
      nome_fantasia: 'Rápido Sul',
      razao_social: 'Rápido Sul Transportes Ltda',
      telefone: '',
      cnpj: '11222333000181',
      uf: 'SP',
      contatos: [{ nome: 'Célia', email: '', telefone: '', cargo: 'Coleta' }],
    });
    expect(values).not.toHaveProperty('nome');
    expect(cadastroFormSchema('transportadora', 'update').safeParse(values).success).toBe(true);
  });

  it('does not send documents hidden by the kind of person', () => {
    const base = {
      tipo: 'cliente',
      cpf: '529.982.247-25',
      cnpj: '11.222.333/0001-81',
      inscricao_estadual: '1',
    };
    expect(withoutHiddenDocuments({ ...base, tipo_cliente: 'pessoa-fisica' })).toMatchObject({
      cpf: '529.982.247-25',
      cnpj: '',
      inscricao_estadual: '',
    });
    expect(withoutHiddenDocuments({ ...base, tipo_cliente: 'pessoa-juridica' })).toMatchObject({
      cpf: '',
      cnpj: '11.222.333/0001-81',
    });
    expect(withoutHiddenDocuments({ ...base, tipo: 'funcionario' })).toEqual({
      ...base,
      tipo: 'funcionario',
    });
  });
});
