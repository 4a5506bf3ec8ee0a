import type { Transaction } from '../../db/database';
import { saveConfiguracaoFiscal } from './fiscal.repository';

/**
 * The demo issues notes in the ambiente de simulação: SEFAZ simulated in-process and a
 * certificate made for the demo company on first use, every document SEM VALOR FISCAL. Two
 * settings (a real certificate and the ambiente) turn it into homologação (README). The NFS-e is
 * on in the same ambiente, for a company whose município uses the national issuer.
 */
export async function seedFiscalDemo(tx: Transaction): Promise<void> {
  await saveConfiguracaoFiscal(tx, {
    crt: 1,
    cnae: '4712100',
    // São Paulo/SP, the demo company's city.
    codigo_municipio: 3550308,
    ambiente: 'simulacao',
    nfe_ativa: true,
    nfe_serie: 1,
    nfe_proximo_numero: 1,
    nfce_ativa: true,
    nfce_serie: 1,
    nfce_proximo_numero: 1,
    csc_id: null,
    csosn_padrao: '102',
    aliquota_credito_sn: null,
    cfop_dentro_uf: '5102',
    cfop_fora_uf: '6102',
    tempo_limite_segundos: 3,
    informacoes_complementares: null,
    // NFS-e: São Paulo's inscrição municipal (CCM) of the demo company, an ME/EPP of the Simples
    // Nacional on the national issuer, DPS série 1, issued in the same simulação.
    inscricao_municipal: '12345678',
    nfse_op_simples_nacional: 3,
    nfse_regime_apuracao_sn: 1,
    nfse_regime_especial: 0,
    nfse_emissor_nacional: true,
    nfse_ativa: true,
    nfse_emitir_ao_concluir: false,
    nfse_serie: 1,
    nfse_proximo_numero: 1,
  });
}
