import { cnpjCheckDigits, cpfCheckDigits, type UF } from '@prumo/shared/brasil';
import { municipiosDaUF } from '@prumo/shared/municipios';
import { parseCadastroPayload } from '@prumo/shared/cadastros';
import type { Transaction } from '../../db/database';
import { createCadastro } from './cadastros.repository';

// Valid documents built from made-up bases (the check digits are computed, never invented).
const cpf = (base: string) => `${base}${cpfCheckDigits(base)}`;
const cnpj = (base: string) => `${base}${cnpjCheckDigits(base)}`;

const CADASTROS: Array<Record<string, unknown>> = [
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    nome: 'Maria Aparecida da Silva',
    cpf: cpf('398172645'),
    email: 'maria.aparecida@email.com.br',
    celular: '(11) 98123-4567',
    vendedor_responsavel: 'Ricardo Almeida Santos',
    endereco_tipo: 'residencial',
    cep: '04101-300',
    logradouro: 'Rua Vergueiro',
    numero: '3185',
    complemento: 'Apto 42',
    bairro: 'Vila Mariana',
    cidade_uf: 'São Paulo/SP',
    limite_credito: 1500,
    contatos: [],
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-juridica',
    nome: 'Padaria Pão Quente Ltda',
    cnpj: cnpj('274518930001'),
    inscricao_estadual: '244.123.456.119',
    email: 'compras@paoquente.com.br',
    telefone: '(19) 3251-7788',
    site: 'https://www.paoquente.com.br',
    vendedor_responsavel: 'Ricardo Almeida Santos',
    endereco_tipo: 'comercial',
    cep: '13015-100',
    logradouro: 'Avenida Francisco Glicério',
    numero: '1020',
    bairro: 'Centro',
    cidade_uf: 'Campinas/SP',
    limite_credito: 8000,
    permitir_ultrapassar_limite: true,
    observacoes: 'Entregas somente pela manhã.',
    contatos: [
      {
        nome: 'Sandra Ribeiro',
        email: 'sandra@paoquente.com.br',
        telefone: '(19) 3251-7789',
        cargo: 'Compras',
      },
    ],
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-juridica',
    nome: 'Supermercado Bom Preço Ltda',
    // An alphanumeric CNPJ, the format issued since July 2026.
    cnpj: '12.ABC.345/01DE-35',
    email: 'financeiro@bompreco.com.br',
    telefone: '(31) 3222-4000',
    endereco_tipo: 'cobranca',
    cep: '30130-110',
    logradouro: 'Avenida Afonso Pena',
    numero: '1500',
    bairro: 'Centro',
    cidade_uf: 'Belo Horizonte/MG',
    limite_credito: 25000,
    contatos: [],
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    nome: 'João Pedro Ávila',
    cpf: cpf('715204398'),
    email: 'joao.avila@email.com.br',
    celular: '(41) 99876-1234',
    cep: '80020-310',
    logradouro: 'Rua XV de Novembro',
    numero: '700',
    bairro: 'Centro',
    cidade_uf: 'Curitiba/PR',
    contatos: [],
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-juridica',
    situacao: 'inativo',
    nome: 'Ótica Visão Clara ME',
    cnpj: cnpj('508316420001'),
    email: 'contato@visaoclara.com.br',
    telefone: '(81) 3421-9090',
    cep: '50030-230',
    logradouro: 'Rua do Bom Jesus',
    numero: '125',
    bairro: 'Recife Antigo',
    cidade_uf: 'Recife/PE',
    contatos: [],
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'estrangeiro',
    nome: 'John Smith',
    email: 'john.smith@example.com',
    celular: '+1 415 555 0100',
    cidade_uf: 'Florianópolis/SC',
    observacoes: 'Turista; pagamento em cartão internacional.',
    contatos: [],
  },
  {
    tipo: 'fornecedor',
    tipo_fornecedor: 'pessoa-juridica',
    nome: 'Distribuidora Alimentos Brasil S.A.',
    cnpj: cnpj('613098270001'),
    inscricao_estadual: '110.220.330.440',
    email: 'vendas@alimentosbrasil.com.br',
    telefone: '(11) 4004-1234',
    endereco_tipo: 'comercial',
    cep: '06454-000',
    logradouro: 'Alameda Rio Negro',
    numero: '500',
    bairro: 'Alphaville',
    cidade_uf: 'Barueri/SP',
    contatos: [
      {
        nome: 'Fernando Castro',
        email: 'fernando@alimentosbrasil.com.br',
        telefone: '(11) 4004-1240',
        cargo: 'Representante',
      },
    ],
  },
  {
    tipo: 'fornecedor',
    tipo_fornecedor: 'pessoa-juridica',
    nome: 'Embalagens Rio Grande Ltda',
    cnpj: cnpj('920471560001'),
    email: 'comercial@embalagensrg.com.br',
    telefone: '(51) 3012-5566',
    cep: '90010-150',
    logradouro: 'Rua dos Andradas',
    numero: '1234',
    bairro: 'Centro Histórico',
    cidade_uf: 'Porto Alegre/RS',
    contatos: [],
  },
  {
    tipo: 'fornecedor',
    tipo_fornecedor: 'mei',
    nome: 'Carlos Eduardo Moura',
    cnpj: cnpj('384610290001'),
    email: 'carlos.moura@email.com.br',
    celular: '(21) 97654-3210',
    cidade_uf: 'Niterói/RJ',
    observacoes: 'Manutenção de equipamentos de refrigeração.',
    contatos: [],
  },
  {
    tipo: 'funcionario',
    nome: 'Ricardo Almeida Santos',
    cpf: cpf('521897364'),
    rg: '32.456.789-1',
    data_nascimento: '1985-07-22',
    sexo: 'masculino',
    email: 'ricardo.santos@empresa.com.br',
    comissao: 5,
    celular: '(11) 97777-1212',
    cep: '09015-000',
    logradouro: 'Rua Coronel Oliveira Lima',
    numero: '300',
    bairro: 'Centro',
    cidade: 'Santo André',
    uf: 'SP',
    contatos: [],
  },
  {
    tipo: 'funcionario',
    nome: 'Ana Paula Ferreira',
    cpf: cpf('640218975'),
    rg: '41.234.567-8',
    data_nascimento: '1992-11-03',
    sexo: 'feminino',
    email: 'ana.ferreira@empresa.com.br',
    comissao: 2.5,
    celular: '(11) 96666-3434',
    cidade: 'São Paulo',
    uf: 'SP',
    contatos: [],
  },
  {
    tipo: 'funcionario',
    nome: 'Juliana Costa Lima',
    cpf: cpf('258369147'),
    rg: 'MG-12.345.678',
    data_nascimento: '1998-04-18',
    sexo: 'feminino',
    email: 'juliana.lima@empresa.com.br',
    situacao: 'ferias',
    celular: '(31) 95555-5656',
    cidade: 'Contagem',
    uf: 'MG',
    contatos: [],
  },
  {
    tipo: 'transportadora',
    tipo_transportadora: 'transportadora',
    nome_fantasia: 'Expresso Sul Cargas',
    razao_social: 'Expresso Rodoviário Sul Ltda',
    cnpj: cnpj('437215980001'),
    inscricao_estadual: '096.123.456.7',
    email: 'coletas@expressosul.com.br',
    telefone: '(41) 3030-7070',
    site: 'https://www.expressosul.com.br',
    cep: '81270-010',
    logradouro: 'Rodovia BR-277',
    numero: '4500',
    bairro: 'Cidade Industrial',
    cidade: 'Curitiba',
    uf: 'PR',
    contatos: [
      {
        nome: 'Márcio Teixeira',
        email: 'marcio@expressosul.com.br',
        telefone: '(41) 3030-7071',
        cargo: 'Gerente de operações',
      },
    ],
  },
  {
    tipo: 'transportadora',
    tipo_transportadora: 'correios',
    nome_fantasia: 'Correios Agência Centro',
    razao_social: 'Empresa Brasileira de Correios e Telégrafos',
    cnpj: cnpj('340283160001'),
    email: 'agencia.centro@correios.com.br',
    telefone: '(11) 3003-0100',
    cep: '01013-001',
    logradouro: 'Rua Líbero Badaró',
    numero: '595',
    bairro: 'Centro',
    cidade: 'São Paulo',
    uf: 'SP',
    contatos: [],
  },
];

/**
 * Customers and suppliers get their city's IBGE code (what a fiscal note needs), looked up by
 * the "Cidade/UF" they were written with.
 */
function comMunicipio(payload: Record<string, unknown>): Record<string, unknown> {
  const cidadeUf = payload.cidade_uf;
  if (typeof cidadeUf !== 'string') return payload;
  const [cidade, uf] = cidadeUf.split('/');
  const municipio = municipiosDaUF(uf as UF).find((candidato) => candidato.nome === cidade);
  if (!municipio) throw new Error(`Município de demonstração desconhecido: ${cidadeUf}`);
  return { ...payload, codigo_municipio: municipio.codigo };
}

/** A few customers, suppliers, employees and carriers for demo mode (valid documents). */
export async function seedDemoCadastros(tx: Transaction): Promise<void> {
  for (const payload of CADASTROS) {
    const result = parseCadastroPayload(comMunicipio(payload), 'create');
    if (!result.success) {
      throw new Error(
        `Cadastro de demonstração inválido (${String(payload.nome ?? payload.nome_fantasia)}): ${result.error.message}`,
      );
    }
    await createCadastro(tx, result.data);
  }
}
