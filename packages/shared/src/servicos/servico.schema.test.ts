import { describe, expect, it } from 'vitest';
import { SERVICO_MESSAGES as M } from './servico.rules';
import { servicoCreateSchema, servicoListQuerySchema, servicoUpdateSchema } from './servico.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

/** The add/edit form's payload as the spec sends it (section 3.7). */
const specPayload = {
  nome: 'Formatação de notebook',
  preco: 150,
  duracao: '1 hora',
  categoria: 'Geral',
  valorCusto: 20,
  comissao: 10,
  descricao: 'Backup, formatação e instalação do sistema',
  codigoInterno: 'SRV-001',
};

describe('servicoCreateSchema', () => {
  it("takes the spec's payload, its fixed '1 hora' as 60 minutes", () => {
    expect(servicoCreateSchema.parse(specPayload)).toEqual({
      nome: 'Formatação de notebook',
      preco: 150,
      duracao: 60,
      categoria: 'Geral',
      valorCusto: 20,
      comissao: 10,
      descricao: 'Backup, formatação e instalação do sistema',
      codigoInterno: 'SRV-001',
      ativo: true,
      ncm: null,
      cfop: null,
      aliquotaIcms: null,
      aliquotaIpi: null,
      codigoTributacaoNacional: null,
      codigoNbs: null,
      aliquotaIss: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
      fornecedorId: null,
      codigoFornecedor: null,
    });
  });

  it('fills the defaults of section 9 from a name alone', () => {
    expect(servicoCreateSchema.parse({ nome: '  Troca de tela  ' })).toMatchObject({
      nome: 'Troca de tela',
      preco: 0,
      valorCusto: 0,
      comissao: 0,
      duracao: 60,
      categoria: 'Geral',
      ativo: true,
      codigoInterno: null,
      descricao: null,
    });
  });

  it('takes blank and null as the defaults', () => {
    expect(
      servicoCreateSchema.parse({
        nome: 'X',
        categoria: '   ',
        preco: null,
        duracao: null,
        comissao: null,
        codigoInterno: '  ',
      }),
    ).toMatchObject({
      categoria: 'Geral',
      preco: 0,
      duracao: 60,
      comissao: 0,
      codigoInterno: null,
    });
  });

  it('takes the sale value as valorVenda too, and refuses two different values', () => {
    expect(servicoCreateSchema.parse({ nome: 'X', valorVenda: 80 }).preco).toBe(80);
    expect(servicoCreateSchema.parse({ nome: 'X', valorVenda: 80, preco: 80 }).preco).toBe(80);
    expect(
      messages(servicoCreateSchema.safeParse({ nome: 'X', valorVenda: 80, preco: 70 })),
    ).toEqual({ valorVenda: M.precoDivergente });
  });

  it('keeps the fiscal and supplier fields, codes as digits', () => {
    expect(
      servicoCreateSchema.parse({
        nome: 'X',
        ncm: '8471.30.12',
        cfop: '5.933',
        aliquotaIcms: 18,
        aliquotaIpi: 0,
        fornecedorId: 4,
        codigoFornecedor: ' F-77 ',
        ativo: false,
      }),
    ).toMatchObject({
      ncm: '84713012',
      cfop: '5933',
      aliquotaIcms: 18,
      aliquotaIpi: 0,
      fornecedorId: 4,
      codigoFornecedor: 'F-77',
      ativo: false,
    });
  });

  it('keeps the NFS-e fields: codes as digits, the ISS rate, where it is due and its withholding', () => {
    expect(
      servicoCreateSchema.parse({
        nome: 'X',
        codigoTributacaoNacional: '14.01.01',
        codigoNbs: '1.2001.25.00',
        aliquotaIss: 2.5,
        localIncidenciaIss: 'tomador',
        issRetido: true,
      }),
    ).toMatchObject({
      codigoTributacaoNacional: '140101',
      codigoNbs: '120012500',
      aliquotaIss: 2.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
    });
    // Blank and null are "not informed"; the ISS defaults to the company's município, not withheld.
    expect(
      servicoCreateSchema.parse({
        nome: 'X',
        codigoTributacaoNacional: '  ',
        codigoNbs: '',
        aliquotaIss: null,
        localIncidenciaIss: null,
        issRetido: null,
      }),
    ).toMatchObject({
      codigoTributacaoNacional: null,
      codigoNbs: null,
      aliquotaIss: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
    });
    expect(servicoCreateSchema.parse({ nome: 'X', aliquotaIss: 0 }).aliquotaIss).toBe(0);
    expect(servicoCreateSchema.parse({ nome: 'X', aliquotaIss: 5 }).aliquotaIss).toBe(5);
  });

  it('refuses bad NFS-e fields with their pt-BR messages', () => {
    expect(
      messages(
        servicoCreateSchema.safeParse({
          nome: 'X',
          codigoTributacaoNacional: '14.01',
          codigoNbs: '1.2001.25',
          aliquotaIss: 5.01,
          localIncidenciaIss: 'cliente',
          issRetido: 'sim',
        }),
      ),
    ).toEqual({
      codigoTributacaoNacional:
        'Código de tributação nacional inválido: escolha um da lista de serviços',
      codigoNbs: 'Código NBS deve ter 9 dígitos',
      aliquotaIss: 'Alíquota do ISS deve estar entre 0% e 5%',
      localIncidenciaIss: M.localIncidenciaIss,
      issRetido: 'Informe verdadeiro ou falso',
    });
    expect(
      messages(
        servicoCreateSchema.safeParse({
          nome: 'X',
          codigoTributacaoNacional: 'ABCDEF',
          codigoNbs: '1234567890',
          aliquotaIss: -0.5,
        }),
      ),
    ).toEqual({
      codigoTributacaoNacional: M.codigoTributacaoNacional,
      codigoNbs: M.nbs,
      aliquotaIss: M.aliquotaIss,
    });
    expect(messages(servicoCreateSchema.safeParse({ nome: 'X', aliquotaIss: 2.125 }))).toEqual({
      aliquotaIss: M.aliquotaIssDecimais,
    });
    expect(messages(servicoCreateSchema.safeParse({ nome: 'X', aliquotaIss: '2' }))).toEqual({
      aliquotaIss: M.aliquotaIss,
    });
  });

  it('gives a pt-BR message for every bad field', () => {
    expect(
      messages(
        servicoCreateSchema.safeParse({
          nome: ' \u200b ',
          preco: -1,
          valorCusto: 1.234,
          comissao: 101,
          duracao: 0,
          ncm: '1234',
          cfop: '4933',
          aliquotaIcms: -1,
          aliquotaIpi: 'x',
          fornecedorId: 0,
          ativo: 'sim',
          codigoInterno: 'x'.repeat(51),
        }),
      ),
    ).toEqual({
      nome: M.nomeObrigatorio,
      preco: M.valorNegativo,
      valorCusto: 'Use no máximo duas casas decimais',
      comissao: 'O percentual deve estar entre 0 e 100',
      duracao: M.duracao,
      ncm: M.ncm,
      cfop: M.cfop,
      aliquotaIcms: 'O percentual deve estar entre 0 e 100',
      aliquotaIpi: 'Informe um percentual numérico',
      fornecedorId: M.fornecedor,
      ativo: 'Informe verdadeiro ou falso',
      codigoInterno: 'Máximo de 50 caracteres',
    });
  });

  it.each([['meia hora'], [2.5], [60 * 24 * 30 + 1], ['-1 h']])(
    'refuses the duration %s',
    (duracao) => {
      expect(messages(servicoCreateSchema.safeParse({ nome: 'X', duracao }))).toEqual({
        duracao: M.duracao,
      });
    },
  );

  it('requires nome and rejects unknown fields', () => {
    expect(messages(servicoCreateSchema.safeParse({}))).toEqual({ nome: M.nomeObrigatorio });
    const result = servicoCreateSchema.safeParse({ nome: 'X', id: 3, estoque: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('servicoUpdateSchema', () => {
  it('keeps what is left out and defaults what is null', () => {
    expect(servicoUpdateSchema.parse({ nome: 'X' })).toEqual({ nome: 'X' });
    expect(servicoUpdateSchema.parse({ nome: 'X', duracao: null, categoria: null })).toEqual({
      nome: 'X',
      duracao: 60,
      categoria: 'Geral',
    });
  });

  it("takes the separate edit screen's payload (valorVenda, numeric values)", () => {
    expect(
      servicoUpdateSchema.parse({
        nome: 'X',
        codigoInterno: 'A1',
        valorCusto: 10,
        valorVenda: 30,
        comissao: 5,
        descricao: '',
      }),
    ).toEqual({
      nome: 'X',
      codigoInterno: 'A1',
      valorCusto: 10,
      preco: 30,
      comissao: 5,
      descricao: null,
    });
  });

  it('changes only the NFS-e fields sent', () => {
    expect(servicoUpdateSchema.parse({ nome: 'X', issRetido: true })).toEqual({
      nome: 'X',
      issRetido: true,
    });
    expect(
      servicoUpdateSchema.parse({ nome: 'X', codigoTributacaoNacional: null, aliquotaIss: null }),
    ).toEqual({ nome: 'X', codigoTributacaoNacional: null, aliquotaIss: null });
  });

  it('still requires nome', () => {
    expect(messages(servicoUpdateSchema.safeParse({ preco: 3 }))).toEqual({
      nome: M.nomeObrigatorio,
    });
  });
});

describe('servicoListQuerySchema', () => {
  it('reads filters and paging from the query string', () => {
    expect(
      servicoListQuerySchema.parse({
        q: ' acao ',
        categoria: 'Geral',
        ativo: 'false',
        limit: '10',
      }),
    ).toEqual({ q: 'acao', categoria: 'Geral', ativo: false, limit: 10 });
  });

  it('refuses bad values', () => {
    expect(
      messages(
        servicoListQuerySchema.safeParse({
          ativo: 'sim',
          sort: 'custo',
          order: 'cima',
          limit: '501',
          offset: '-1',
        }),
      ),
    ).toEqual({
      ativo: 'Use true ou false',
      sort: 'Ordenação inválida: use nome, categoria, preco, duracao',
      order: 'Direção inválida: use asc ou desc',
      limit: 'O limite máximo é 500',
      offset: 'Deslocamento inválido',
    });
  });
});
