import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, UF_SIGLAS } from '../brasil';
import {
  CADASTRO_TEXTOS,
  cadastroPaths,
  documentoDuplicadoMessage,
  TIPOS_CADASTRO,
} from './cadastro.constants';
import {
  cadastroFormSchema,
  CADASTRO_MENSAGENS as M,
  formatCidadeUf,
  isLegacyPayload,
  joinEndereco,
  parseCadastroPayload,
  parseCidadeUf,
  splitEndereco,
} from './cadastro.schema';

type Result = ReturnType<typeof parseCadastroPayload>;

/** { campo: primeira mensagem } of a failed parse. */
function fieldErrors(result: Result): Record<string, string> {
  expect(result.success).toBe(false);
  const fields: Record<string, string> = {};
  for (const issue of result.error!.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

function ok(result: Result) {
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const thinPost = {
  nome: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  telefone: '(11) 98765-4321',
  endereco: 'Rua das Flores, 120',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01310-100',
  cnpj_cpf: '529.982.247-25',
  inscricao_estadual: '',
  observacoes: 'Cliente antigo',
};

describe('thin payload of section 7', () => {
  it('maps a customer: endereco to street and number, cidade/estado, CPF and the tipo it implies', () => {
    expect(ok(parseCadastroPayload({ ...thinPost, tipo: 'cliente' }, 'create'))).toEqual({
      tipo: 'cliente',
      nome: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      telefone: '(11) 98765-4321',
      logradouro: 'Rua das Flores',
      numero: '120',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '01310100',
      cpf: '52998224725',
      cnpj: null,
      tipo_cliente: 'pessoa-fisica',
      inscricao_estadual: null,
      observacoes: 'Cliente antigo',
    });
  });

  it('reads a supplier CNPJ (also alphanumeric) as pessoa jurídica', () => {
    const dados = ok(
      parseCadastroPayload(
        {
          ...thinPost,
          tipo: 'fornecedor',
          cnpj_cpf: '12.ABC.345/01DE-35',
          inscricao_estadual: 'isento',
        },
        'create',
      ),
    );
    expect(dados).toMatchObject({
      cnpj: '12ABC34501DE35',
      cpf: null,
      tipo_fornecedor: 'pessoa-juridica',
      inscricao_estadual: 'ISENTO',
    });
  });

  it('maps an employee: CPF from cnpj_cpf and RG from inscricao_estadual', () => {
    const dados = ok(
      parseCadastroPayload(
        { ...thinPost, tipo: 'funcionario', inscricao_estadual: '12.345.678-9' },
        'create',
      ),
    );
    expect(dados).toMatchObject({ cpf: '52998224725', rg: '12.345.678-9' });
    expect(dados).not.toHaveProperty('inscricao_estadual');
  });

  it('maps a carrier: nome is the nome fantasia and cnpj_cpf the CNPJ', () => {
    const dados = ok(
      parseCadastroPayload(
        { ...thinPost, tipo: 'transportadora', nome: 'Rápido Sul', cnpj_cpf: '11.222.333/0001-81' },
        'create',
      ),
    );
    expect(dados).toMatchObject({ nome: 'Rápido Sul', cnpj: '11222333000181' });
  });

  it('holds a thin POST to the required fields it can carry', () => {
    expect(
      fieldErrors(parseCadastroPayload({ tipo: 'funcionario', nome: 'X', cnpj_cpf: '' }, 'create')),
    ).toEqual({
      cnpj_cpf: M.cpfObrigatorio,
      inscricao_estadual: M.rgObrigatorio,
      email: M.emailObrigatorio,
    });
    const carrier = fieldErrors(
      parseCadastroPayload(
        { ...thinPost, tipo: 'transportadora', endereco: 'Rua sem número' },
        'create',
      ),
    );
    expect(carrier).toEqual({ endereco: M.enderecoLegado, cnpj_cpf: M.cnpjInvalido });
    expect(
      fieldErrors(
        parseCadastroPayload({ ...thinPost, tipo: 'cliente', cnpj_cpf: '123' }, 'create'),
      ),
    ).toEqual({ cnpj_cpf: M.cpfOuCnpjInvalido });
  });

  it('splits the combined city/UF a thin PUT sends and leaves absent fields out', () => {
    const dados = ok(
      parseCadastroPayload(
        {
          nome: 'Ana',
          tipo: 'cliente',
          email: '',
          telefone: '(11) 3333-4444',
          endereco: 'Av. Brasil, 1500',
          cep: '20040002',
          bairro: 'Centro',
          cidade: 'Rio de Janeiro/RJ',
          observacoes: 'x',
        },
        'update',
      ),
    );
    expect(dados).toEqual({
      tipo: 'cliente',
      nome: 'Ana',
      email: null,
      telefone: '(11) 3333-4444',
      logradouro: 'Av. Brasil',
      numero: '1500',
      cep: '20040002',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
      observacoes: 'x',
    });
  });

  it('rejects a city whose UF disagrees with estado', () => {
    expect(
      fieldErrors(
        parseCadastroPayload({ ...thinPost, tipo: 'cliente', cidade: 'Niterói/RJ' }, 'create'),
      ),
    ).toEqual({ estado: M.ufDiferente });
  });

  it('is told apart from the full payload by its field names', () => {
    expect(
      isLegacyPayload({ tipo: 'cliente', nome: 'A', endereco: 'x' }, 'cliente', 'create'),
    ).toBe(true);
    expect(isLegacyPayload({ tipo: 'cliente', nome: 'A' }, 'cliente', 'create')).toBe(false);
    expect(isLegacyPayload({ tipo: 'transportadora', nome: 'A' }, 'transportadora', 'create')).toBe(
      true,
    );
    expect(
      isLegacyPayload({ tipo: 'cliente', nome: 'A', endereco: 'x', fax: '1' }, 'cliente', 'create'),
    ).toBe(false);
    // Mixed shapes are read as the full payload, which has no thin-only names.
    expect(
      fieldErrors(
        parseCadastroPayload(
          { tipo: 'cliente', tipo_cliente: 'estrangeiro', nome: 'A', endereco: 'x', fax: null },
          'create',
        ),
      ),
    ).toHaveProperty('_');
  });
});

describe('full payload, required fields of section 5', () => {
  it('customer and supplier: tipo and nome', () => {
    expect(fieldErrors(parseCadastroPayload({ tipo: 'cliente' }, 'create'))).toEqual({
      tipo_cliente: M.tipoCliente,
      nome: M.nome,
    });
    expect(fieldErrors(parseCadastroPayload({ tipo: 'fornecedor', nome: ' ' }, 'create'))).toEqual({
      tipo_fornecedor: M.tipoFornecedor,
      nome: M.nome,
    });
  });

  it('carrier: every field the add form marks', () => {
    expect(fieldErrors(parseCadastroPayload({ tipo: 'transportadora' }, 'create'))).toEqual({
      tipo_transportadora: M.tipoTransportadora,
      nome_fantasia: M.nomeFantasia,
      razao_social: M.razaoSocial,
      cnpj: M.cnpjObrigatorio,
      email: M.emailObrigatorio,
      cep: M.cepObrigatorio,
      logradouro: M.logradouroObrigatorio,
      numero: M.numeroObrigatorio,
      bairro: M.bairroObrigatorio,
      cidade: M.cidadeObrigatoria,
      uf: M.ufObrigatoria,
    });
  });

  it('employee: nome, CPF, RG, birth date, sex and e-mail; situação defaults to ativo', () => {
    expect(fieldErrors(parseCadastroPayload({ tipo: 'funcionario' }, 'create'))).toEqual({
      nome: M.nome,
      cpf: M.cpfObrigatorio,
      rg: M.rgObrigatorio,
      data_nascimento: M.dataNascimentoObrigatoria,
      sexo: M.sexo,
      email: M.emailObrigatorio,
    });
  });

  it('edits require only the name (nome fantasia for carriers)', () => {
    expect(ok(parseCadastroPayload({ tipo: 'funcionario', nome: 'Ana' }, 'update'))).toEqual({
      tipo: 'funcionario',
      nome: 'Ana',
    });
    expect(
      fieldErrors(parseCadastroPayload({ tipo: 'transportadora', cidade: 'X' }, 'update')),
    ).toEqual({
      nome_fantasia: M.nomeFantasia,
    });
    expect(
      ok(parseCadastroPayload({ tipo: 'transportadora', nome_fantasia: 'Rápido' }, 'update')),
    ).toEqual({ tipo: 'transportadora', nome: 'Rápido' });
  });

  it('rejects unknown fields, fields of another tipo and an unknown tipo', () => {
    expect(fieldErrors(parseCadastroPayload({ tipo: 'pessoa', nome: 'A' }, 'create'))).toEqual({
      tipo: M.tipo,
    });
    const result = parseCadastroPayload(
      { tipo: 'cliente', tipo_cliente: 'pessoa-fisica', nome: 'A', comissao: 5, senha: 'x' },
      'create',
    );
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((candidate) => candidate.code === 'unrecognized_keys');
    expect(issue && 'keys' in issue ? issue.keys : []).toEqual(['comissao', 'senha']);
  });
});

const cliente = (extra: Record<string, unknown>) =>
  parseCadastroPayload(
    { tipo: 'cliente', tipo_cliente: 'pessoa-fisica', nome: 'A', ...extra },
    'create',
  );
const funcionario = (extra: Record<string, unknown>) =>
  parseCadastroPayload(
    {
      tipo: 'funcionario',
      nome: 'A',
      cpf: '529.982.247-25',
      rg: '1',
      data_nascimento: '1990-05-01',
      sexo: 'feminino',
      email: 'a@b.com.br',
      ...extra,
    },
    'create',
  );

describe('field rules', () => {
  it('e-mail format', () => {
    expect(fieldErrors(cliente({ email: 'ana@' }))).toEqual({ email: M.emailInvalido });
    expect(ok(cliente({ email: ' ana@x.com.br ' })).email).toBe('ana@x.com.br');
  });

  it('CPF and CNPJ check digits, stored normalised; the alphanumeric CNPJ is accepted', () => {
    expect(fieldErrors(cliente({ cpf: '529.982.247-26' }))).toEqual({ cpf: M.cpfInvalido });
    expect(ok(cliente({ cpf: '529.982.247-25' })).cpf).toBe('52998224725');
    const pj = { tipo_cliente: 'pessoa-juridica' };
    expect(ok(cliente({ ...pj, cnpj: '12.abc.345/01de-35' })).cnpj).toBe('12ABC34501DE35');
    expect(fieldErrors(cliente({ ...pj, cnpj: '12.ABC.345/01DE-36' }))).toEqual({
      cnpj: M.cnpjInvalido,
    });
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        fc.pre(new Set(base).size > 1);
        const result = cliente({ ...pj, cnpj: `${base}${cnpjCheckDigits(base)}` });
        expect(result.success).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('documents match the kind of person', () => {
    expect(fieldErrors(cliente({ cnpj: '11.222.333/0001-81' }))).toEqual({
      cnpj: M.cnpjSoPessoaJuridica,
    });
    expect(
      fieldErrors(cliente({ tipo_cliente: 'pessoa-juridica', cpf: '529.982.247-25' })),
    ).toEqual({ cpf: M.cpfSoPessoaFisica });
  });

  it('CEP of 8 digits and UF among the 27', () => {
    expect(ok(cliente({ cep: '01310-100' })).cep).toBe('01310100');
    expect(fieldErrors(cliente({ cep: '0131-100' }))).toEqual({ cep: M.cepInvalido });
    expect(fieldErrors(funcionario({ uf: 'XX' }))).toEqual({ uf: M.ufInvalida });
    for (const sigla of UF_SIGLAS)
      expect(ok(funcionario({ uf: sigla.toLowerCase() })).uf).toBe(sigla);
    expect(fieldErrors(cliente({ cidade_uf: 'Campinas/SX' }))).toEqual({
      cidade_uf: M.cidadeUfInvalida,
    });
    expect(ok(cliente({ cidade_uf: ' Campinas / sp ' }))).toMatchObject({
      cidade: 'Campinas',
      uf: 'SP',
    });
  });

  it('commission between 0 and 100 with two decimals', () => {
    expect(ok(funcionario({ comissao: 12.5 })).comissao).toBe(12.5);
    expect(ok(funcionario({ comissao: 100 })).comissao).toBe(100);
    expect(funcionario({ comissao: 100.01 }).success).toBe(false);
    expect(funcionario({ comissao: -0.01 }).success).toBe(false);
    expect(funcionario({ comissao: 1.234 }).success).toBe(false);
  });

  it('credit limit ≥ 0 with two decimals', () => {
    expect(ok(cliente({ limite_credito: 0 })).limite_credito).toBe(0);
    expect(fieldErrors(cliente({ limite_credito: -1 }))).toEqual({
      limite_credito: M.limiteCredito,
    });
    expect(cliente({ limite_credito: 10.001 }).success).toBe(false);
    expect(cliente({ limite_credito: '10' }).success).toBe(false);
  });

  it('enums: tipo_cliente, tipo_fornecedor, carrier tipo, situação (férias/licença only for employees), sexo', () => {
    expect(fieldErrors(cliente({ tipo_cliente: 'mei' }))).toEqual({ tipo_cliente: M.tipoCliente });
    expect(
      fieldErrors(
        parseCadastroPayload(
          { tipo: 'fornecedor', tipo_fornecedor: 'estrangeiro', nome: 'A' },
          'create',
        ),
      ),
    ).toEqual({ tipo_fornecedor: M.tipoFornecedor });
    expect(
      fieldErrors(
        parseCadastroPayload(
          { tipo: 'transportadora', tipo_transportadora: 'navio', nome_fantasia: 'A' },
          'update',
        ),
      ),
    ).toEqual({ tipo_transportadora: M.tipoTransportadora });
    expect(fieldErrors(cliente({ situacao: 'ferias' }))).toEqual({
      situacao: M.situacaoSoFuncionario,
    });
    expect(fieldErrors(cliente({ situacao: 'suspenso' }))).toEqual({ situacao: M.situacao });
    expect(ok(funcionario({ situacao: 'licenca' })).situacao).toBe('licenca');
    expect(fieldErrors(funcionario({ sexo: 'x' }))).toEqual({ sexo: M.sexo });
  });

  it('birth dates are real days, not in the future', () => {
    expect(fieldErrors(funcionario({ data_nascimento: '1990-02-30' }))).toEqual({
      data_nascimento: M.dataNascimentoInvalida,
    });
    expect(fieldErrors(funcionario({ data_nascimento: '2999-01-01' }))).toEqual({
      data_nascimento: M.dataNascimentoFutura,
    });
  });

  it('phones with DDD, sites as http(s) addresses', () => {
    expect(fieldErrors(cliente({ telefone: '1234' }))).toEqual({ telefone: M.telefone });
    expect(fieldErrors(cliente({ celular: '(11) abcde-1234' }))).toEqual({ celular: M.telefone });
    expect(ok(cliente({ fax: '+55 11 3333-4444' })).fax).toBe('+55 11 3333-4444');
    expect(ok(cliente({ site: 'www.empresa.com.br' })).site).toBe('https://www.empresa.com.br');
    expect(fieldErrors(cliente({ site: 'ftp://x.com' }))).toEqual({ site: M.site });
    expect(fieldErrors(cliente({ site: 'empresa' }))).toEqual({ site: M.site });
  });

  it('contacts need a name and valid e-mail and phone', () => {
    expect(
      fieldErrors(cliente({ contatos: [{ nome: '', email: 'x', telefone: null, cargo: null }] })),
    ).toEqual({ 'contatos.0.nome': M.contatoNome, 'contatos.0.email': M.emailInvalido });
    expect(
      ok(
        cliente({
          contatos: [{ nome: 'Zé', email: '', telefone: '(11) 3333-4444', cargo: 'Compras' }],
        }),
      ).contatos,
    ).toEqual([{ nome: 'Zé', email: null, telefone: '(11) 3333-4444', cargo: 'Compras' }]);
  });

  it('only edits of customers and employees may remove a photo', () => {
    expect(
      ok(
        parseCadastroPayload(
          { tipo: 'cliente', nome: 'A', remover_foto: true, anexos_remover: [3] },
          'update',
        ),
      ),
    ).toMatchObject({ remover_foto: true, anexos_remover: [3] });
    expect(
      parseCadastroPayload({ tipo: 'fornecedor', nome: 'A', remover_foto: true }, 'update').success,
    ).toBe(false);
    expect(cliente({ remover_foto: true }).success).toBe(false);
  });
});

describe('form schema', () => {
  it('keeps the form field names (city/UF and nome fantasia stay as typed)', () => {
    const parsed = cadastroFormSchema('transportadora', 'update').parse({
      tipo: 'transportadora',
      nome_fantasia: ' Rápido ',
      cnpj: '11.222.333/0001-81',
    });
    expect(parsed).toEqual({
      tipo: 'transportadora',
      nome_fantasia: 'Rápido',
      cnpj: '11222333000181',
    });
    for (const tipo of TIPOS_CADASTRO) {
      expect(Object.keys(cadastroFormSchema(tipo, 'create').shape)).toContain('contatos');
    }
  });
});

describe('helpers', () => {
  it('splits and joins "street, number"', () => {
    expect(splitEndereco('Rua A, 10')).toEqual({ logradouro: 'Rua A', numero: '10' });
    expect(splitEndereco('Rua A')).toEqual({ logradouro: 'Rua A', numero: null });
    expect(splitEndereco('Rua A,')).toEqual({ logradouro: 'Rua A,', numero: null });
    expect(joinEndereco('Rua A', '10')).toBe('Rua A, 10');
    expect(joinEndereco(null, null)).toBeNull();
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 40 })
          .filter((s) => s.trim() === s && s !== '' && !s.endsWith(',')),
        fc.stringMatching(/^[0-9A-Z]{1,6}$/),
        (logradouro, numero) => {
          expect(splitEndereco(joinEndereco(logradouro, numero))).toEqual({ logradouro, numero });
        },
      ),
    );
  });

  it('parses and formats city/UF', () => {
    expect(parseCidadeUf('São Paulo/SP')).toEqual({ cidade: 'São Paulo', uf: 'SP' });
    expect(parseCidadeUf('São Paulo')).toEqual({ cidade: 'São Paulo', uf: null });
    expect(parseCidadeUf('São Paulo/XX')).toBeNull();
    expect(formatCidadeUf('São Paulo', 'SP')).toBe('São Paulo/SP');
    expect(formatCidadeUf(null, null)).toBeNull();
  });

  it('has the spec texts', () => {
    expect(CADASTRO_TEXTOS.confirmarExclusao('Ana')).toBe(
      'Tem certeza que deseja excluir o cadastro de "Ana"?',
    );
    expect(CADASTRO_TEXTOS.sucessoAtualizar('transportadora')).toBe(
      'Transportadora atualizada com sucesso!',
    );
    expect(CADASTRO_TEXTOS.carregandoDados('cliente')).toBe('Carregando dados do cliente...');
    expect(CADASTRO_TEXTOS.erroAtualizar('funcionario')).toBe(
      'Erro ao atualizar funcionário. Tente novamente.',
    );
    expect(documentoDuplicadoMessage('transportadora', 'CNPJ')).toBe(
      'Já existe uma transportadora com este CNPJ.',
    );
    expect(cadastroPaths.edit('funcionario', 7)).toBe('/cadastros/editar-funcionario/7');
    expect(cadastroPaths.add('transportadora')).toBe('/cadastros/adicionar-transportadora');
  });
});
