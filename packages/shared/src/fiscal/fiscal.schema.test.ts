import { describe, expect, it } from 'vitest';
import {
  configuracaoFiscalUpdateSchema,
  NFSE_MENSAGENS as M,
  opSimplesNacionalDoCrt,
  type ConfiguracaoFiscalInput,
} from './fiscal.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

/** Settings as the screen sends them. */
const BASE: ConfiguracaoFiscalInput = {
  crt: 1,
  cnae: null,
  codigo_municipio: 3550308,
  ambiente: 'homologacao',
  nfe_ativa: true,
  nfe_serie: 1,
  nfe_proximo_numero: 1,
  nfce_ativa: false,
  nfce_serie: 1,
  nfce_proximo_numero: 1,
  csc_id: null,
  csosn_padrao: '102',
  aliquota_credito_sn: null,
  cfop_dentro_uf: '5102',
  cfop_fora_uf: '6102',
  tempo_limite_segundos: 5,
  informacoes_complementares: null,
  inscricao_municipal: null,
  nfse_op_simples_nacional: 3,
  nfse_regime_apuracao_sn: 1,
  nfse_regime_especial: 0,
  nfse_emissor_nacional: true,
  nfse_ativa: false,
  nfse_emitir_ao_concluir: false,
  nfse_serie: 1,
  nfse_proximo_numero: 1,
};

const parse = (nfse: Partial<Record<keyof ConfiguracaoFiscalInput, unknown>>) =>
  configuracaoFiscalUpdateSchema.safeParse({ ...BASE, ...nfse });

describe('configuracaoFiscalUpdateSchema: NFS-e', () => {
  it('takes the NFS-e settings, the inscrição municipal as letters and digits', () => {
    const result = parse({
      inscricao_municipal: ' 1.234.567-a ',
      nfse_op_simples_nacional: 2,
      nfse_regime_apuracao_sn: 3,
      nfse_regime_especial: 6,
      nfse_ativa: true,
      nfse_serie: 99_999,
      nfse_proximo_numero: 999_999_999,
    });
    expect(result.success, JSON.stringify(result.error)).toBe(true);
    expect(result.data).toMatchObject({
      inscricao_municipal: '1234567A',
      nfse_op_simples_nacional: 2,
      nfse_regime_apuracao_sn: 3,
      nfse_regime_especial: 6,
      nfse_ativa: true,
      nfse_serie: 99_999,
    });
    expect(parse({ inscricao_municipal: '  ' }).data?.inscricao_municipal).toBeNull();
    expect(parse({ nfse_op_simples_nacional: null }).data?.nfse_op_simples_nacional).toBeNull();
  });

  it('refuses bad values with pt-BR messages', () => {
    expect(
      messages(
        parse({
          inscricao_municipal: 'x'.repeat(16),
          nfse_op_simples_nacional: 0,
          nfse_regime_apuracao_sn: '1',
          nfse_regime_especial: 9,
          nfse_emissor_nacional: 1,
          nfse_serie: 0,
          nfse_proximo_numero: 1.5,
        }),
      ),
    ).toEqual({
      inscricao_municipal: M.inscricaoMunicipal,
      nfse_op_simples_nacional: M.opSimplesNacional,
      nfse_regime_apuracao_sn: M.regimeApuracaoSn,
      nfse_regime_especial: M.regimeEspecial,
      nfse_emissor_nacional: 'Informe verdadeiro ou falso',
      nfse_serie: 'Série da DPS deve estar entre 1 e 99999',
      nfse_proximo_numero: 'Número deve estar entre 1 e 999.999.999',
    });
    expect(messages(parse({ inscricao_municipal: 'IM/12*' }))).toEqual({
      inscricao_municipal: 'Inscrição municipal: até 15 letras ou números',
    });
  });

  it('keeps a MEI a MEI, and the NFS-e off where the município has its own issuer', () => {
    expect(messages(parse({ crt: 4, nfse_op_simples_nacional: 3 }))).toEqual({
      nfse_op_simples_nacional: M.opSimplesNacionalMei,
    });
    expect(parse({ crt: 4, nfse_op_simples_nacional: 2 }).success).toBe(true);
    expect(parse({ crt: 4, nfse_op_simples_nacional: null }).success).toBe(true);
    expect(messages(parse({ nfse_emissor_nacional: false, nfse_ativa: true }))).toEqual({
      nfse_ativa:
        'O município da empresa não usa o emissor nacional: a NFS-e não é emitida pelo Prumo',
    });
    expect(parse({ nfse_emissor_nacional: false, nfse_ativa: false }).success).toBe(true);
  });

  it('derives opSimpNac from the CRT', () => {
    expect(opSimplesNacionalDoCrt(4)).toBe(2);
    expect(opSimplesNacionalDoCrt(1)).toBe(3);
  });
});
