// National NFS-e for the DANFSe tests, built the way the issuer's test double does: a DPS from
// dps-exemplo.ts signed by the company, wrapped by montarNfse and signed by the "Sefin". The
// extras the simulator never writes (xNBS, xOutInf) go in their schema positions before signing;
// danfse.test.ts checks one such note against the official schema.
import { gerarCertificadoTeste } from '../certificado/certificado-teste';
import { assinarXml } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { escapar } from '../xml-texto';
import type { DpsDados } from './dps-dados';
import { CNPJ_PRESTADOR_EXEMPLO, dpsDeExemplo, EMITENTE_EXEMPLO } from './dps-exemplo';
import { montarDps } from './dps-xml';
import { lerDps } from './nfse-leitura';
import { montarNfse, type EmitenteCadastrado } from './nfse-xml';

let certificados: { prestador: CertificadoPem; sefin: CertificadoPem } | undefined;

/** The company's and the national issuer's certificates, made once per process. */
function certificadosTeste() {
  certificados ??= {
    prestador: gerarCertificadoTeste({ cnpj: CNPJ_PRESTADOR_EXEMPLO, razaoSocial: 'PRUMO' }).pem,
    sefin: gerarCertificadoTeste({ cnpj: '00394460000141', razaoSocial: 'SEFIN NACIONAL' }).pem,
  };
  return certificados;
}

export interface OpcoesNfseExemplo {
  /** Replaces fields of dpsDeExemplo() (tpAmb, tomador, servico, valores...). */
  dps?: Partial<DpsDados>;
  numero?: number;
  emitente?: EmitenteCadastrado;
  /** The description of the NBS code (xNBS), absent by default as the simulator writes it. */
  descricaoNbs?: string;
  /** The issuer's other information (xOutInf). */
  outrasInformacoes?: string;
}

export const DESCRICAO_TRIBUTACAO_EXEMPLO =
  'Lubrificação, limpeza, revisão e conserto de máquinas e equipamentos';

/** A signed national NFS-e and its key. */
export function nfseDeExemplo(opcoes: OpcoesNfseExemplo = {}): { xml: string; chave: string } {
  const { prestador, sefin } = certificadosTeste();
  const dps = assinarXml(montarDps(dpsDeExemplo(opcoes.dps)).xml, 'infDPS', prestador);
  const { xml, chave } = montarNfse({
    dpsAssinada: dps,
    dps: lerDps(dps),
    numero: opcoes.numero ?? 7,
    codigoNumerico: '000000123',
    processadaEm: new Date('2026-11-27T13:20:00Z'),
    timeZone: 'America/Sao_Paulo',
    emitente: opcoes.emitente ?? EMITENTE_EXEMPLO,
    nomes: {
      localEmissao: 'São Paulo',
      localPrestacao: 'São Paulo',
      tributacaoNacional: DESCRICAO_TRIBUTACAO_EXEMPLO,
    },
    aliquotaPadrao: 2,
  });
  let nota = xml;
  if (opcoes.descricaoNbs)
    nota = nota.replace('<verAplic>', `<xNBS>${escapar(opcoes.descricaoNbs)}</xNBS><verAplic>`);
  if (opcoes.outrasInformacoes)
    nota = nota.replace(
      '</emit>',
      `</emit><xOutInf>${escapar(opcoes.outrasInformacoes)}</xOutInf>`,
    );
  return { xml: assinarXml(nota, 'infNFSe', sefin), chave };
}

/** The customer company that withholds the ISS (tpRetISSQN 2) at 5%. */
export function nfseComIssRetido(): { xml: string; chave: string } {
  const exemplo = dpsDeExemplo();
  return nfseDeExemplo({
    numero: 8,
    dps: {
      tpAmb: 1,
      tomador: {
        cnpj: '44555666000190',
        inscricaoMunicipal: '98765432',
        nome: 'Construtora Horizonte S.A.',
        endereco: {
          codigoMunicipio: 3509502,
          cep: '13015904',
          logradouro: 'Rua Barão de Jaguara',
          numero: '900',
          bairro: 'Centro',
        },
        telefone: '1932320000',
        email: 'fiscal@horizonte.com.br',
      },
      valores: { ...exemplo.valores, issRetido: true, aliquotaIss: 5 },
    },
  });
}
