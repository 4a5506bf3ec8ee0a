import {
  configuracaoFiscalUpdateSchema,
  type AmbienteFiscal,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalInput,
  type Csosn,
  type NfseOpSimplesNacional,
  type NfseRegimeApuracaoSn,
  type NfseRegimeEspecial,
  type RegimeFiscal,
} from '@prumo/shared/fiscal';
import { errosDoSchema } from '../../lib/form-errors';
import { texto } from '../../lib/form-values';

/**
 * Configurações → Fiscal as its inputs hold it: blank texts are '', blank numbers null, and the
 * CSC token is only what is typed now (the stored one is never answered).
 */
export interface FiscalFormValues {
  crt: RegimeFiscal;
  cnae: string;
  codigo_municipio: number | null;
  ambiente: AmbienteFiscal;
  nfe_ativa: boolean;
  nfe_serie: number | null;
  nfe_proximo_numero: number | null;
  nfce_ativa: boolean;
  nfce_serie: number | null;
  nfce_proximo_numero: number | null;
  csc_id: string;
  /** Blank keeps the stored token. */
  csc_token: string;
  csosn_padrao: Csosn;
  aliquota_credito_sn: number | null;
  cfop_dentro_uf: string;
  cfop_fora_uf: string;
  tempo_limite_segundos: number | null;
  informacoes_complementares: string;
  inscricao_municipal: string;
  nfse_op_simples_nacional: NfseOpSimplesNacional;
  nfse_regime_apuracao_sn: NfseRegimeApuracaoSn;
  nfse_regime_especial: NfseRegimeEspecial;
  nfse_emissor_nacional: boolean;
  nfse_ativa: boolean;
  nfse_emitir_ao_concluir: boolean;
  nfse_serie: number | null;
  nfse_proximo_numero: number | null;
}

export function fiscalToFormValues(configuracao: ConfiguracaoFiscal): FiscalFormValues {
  return {
    crt: configuracao.crt,
    cnae: texto(configuracao.cnae),
    codigo_municipio: configuracao.codigo_municipio,
    ambiente: configuracao.ambiente,
    nfe_ativa: configuracao.nfe_ativa,
    nfe_serie: configuracao.nfe_serie,
    nfe_proximo_numero: configuracao.nfe_proximo_numero,
    nfce_ativa: configuracao.nfce_ativa,
    nfce_serie: configuracao.nfce_serie,
    nfce_proximo_numero: configuracao.nfce_proximo_numero,
    csc_id: texto(configuracao.csc_id),
    csc_token: '',
    csosn_padrao: configuracao.csosn_padrao,
    aliquota_credito_sn: configuracao.aliquota_credito_sn,
    cfop_dentro_uf: configuracao.cfop_dentro_uf,
    cfop_fora_uf: configuracao.cfop_fora_uf,
    tempo_limite_segundos: configuracao.tempo_limite_segundos,
    informacoes_complementares: texto(configuracao.informacoes_complementares),
    inscricao_municipal: texto(configuracao.inscricao_municipal),
    nfse_op_simples_nacional: configuracao.nfse_op_simples_nacional,
    nfse_regime_apuracao_sn: configuracao.nfse_regime_apuracao_sn,
    nfse_regime_especial: configuracao.nfse_regime_especial,
    nfse_emissor_nacional: configuracao.nfse_emissor_nacional,
    nfse_ativa: configuracao.nfse_ativa,
    nfse_emitir_ao_concluir: configuracao.nfse_emitir_ao_concluir,
    nfse_serie: configuracao.nfse_serie,
    nfse_proximo_numero: configuracao.nfse_proximo_numero,
  };
}

/**
 * What PUT /api/fiscal/configuracao receives. Produção goes with confirmar_producao: the screen
 * asks for it (a confirmation dialog) before it sends. Where the município has its own NFS-e
 * issuer, the NFS-e goes off.
 */
export function fiscalParaEnvio(values: FiscalFormValues): ConfiguracaoFiscalInput {
  const token = values.csc_token.trim();
  return {
    crt: values.crt,
    cnae: values.cnae.trim() || null,
    codigo_municipio: values.codigo_municipio,
    ambiente: values.ambiente,
    ...(values.ambiente === 'producao' ? { confirmar_producao: true } : {}),
    nfe_ativa: values.nfe_ativa,
    nfe_serie: values.nfe_serie as number,
    nfe_proximo_numero: values.nfe_proximo_numero as number,
    nfce_ativa: values.nfce_ativa,
    nfce_serie: values.nfce_serie as number,
    nfce_proximo_numero: values.nfce_proximo_numero as number,
    csc_id: values.csc_id.trim() || null,
    ...(token ? { csc_token: token } : {}),
    csosn_padrao: values.csosn_padrao,
    aliquota_credito_sn: values.aliquota_credito_sn,
    cfop_dentro_uf: values.cfop_dentro_uf,
    cfop_fora_uf: values.cfop_fora_uf,
    tempo_limite_segundos: values.tempo_limite_segundos as number,
    informacoes_complementares: values.informacoes_complementares,
    inscricao_municipal: values.inscricao_municipal.trim() || null,
    nfse_op_simples_nacional: values.nfse_op_simples_nacional,
    nfse_regime_apuracao_sn: values.nfse_regime_apuracao_sn,
    nfse_regime_especial: values.nfse_regime_especial,
    nfse_emissor_nacional: values.nfse_emissor_nacional,
    nfse_ativa: values.nfse_emissor_nacional && values.nfse_ativa,
    nfse_emitir_ao_concluir:
      values.nfse_emissor_nacional && values.nfse_ativa && values.nfse_emitir_ao_concluir,
    nfse_serie: values.nfse_serie as number,
    nfse_proximo_numero: values.nfse_proximo_numero as number,
  };
}

/** The shared schema's messages on what would be sent, by field. */
export function errosFiscais(values: FiscalFormValues): Record<string, string> {
  return errosDoSchema(configuracaoFiscalUpdateSchema, fiscalParaEnvio(values));
}
