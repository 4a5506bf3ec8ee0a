import type { Transaction } from '../../db/database';
import { saveConfiguracaoFiscal } from './fiscal.repository';

/**
 * The demo issues notes in the ambiente de simulação: SEFAZ simulated in-process and a
 * certificate made for the demo company on first use, every document SEM VALOR FISCAL. Two
 * settings (a real certificate and the ambiente) turn it into homologação (README).
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
  });
}
