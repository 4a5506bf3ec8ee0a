// The web services of the NF-e (modelo 55) and NFC-e (modelo 65), layout 4.00, per authorizer and
// ambiente. Data, not code: the URLs and the UF → authorizer map are the official tables of the
// Portal Nacional da NF-e as mirrored in the public repository nfephp-org/sped-nfe, files
// storage/wsnfe_4.00_mod55.xml, storage/wsnfe_4.00_mod65.xml and storage/autorizadores.json at
// commit 3b44ec9f1cf2e6fd2a7f7e8877f9ebd5890b71ed (23/06/2026). To update: compare with a newer
// copy of those files (or the portal's "Relação de Serviços Web") and edit the entries below.
//
// Left out on purpose: the contingency authorizers SVC-AN and SVC-RS (NF-e tpEmis 6/7, not used
// by Prumo) and the Ambiente Nacional's event service (manifestação do destinatário), which the
// cancellation does not use: a cancellation goes to the note's own authorizer.
import type { ModeloFiscal } from '@prumo/shared/fiscal';

export const SERVICOS_SEFAZ = [
  'NFeAutorizacao4',
  'NFeRetAutorizacao4',
  'NFeConsultaProtocolo4',
  'NFeStatusServico4',
  'NFeInutilizacao4',
  'NFeRecepcaoEvento4',
] as const;
export type ServicoSefaz = (typeof SERVICOS_SEFAZ)[number];

/** The operation of each service in its WSDL: the last part of the SOAP 1.2 action. */
export const OPERACOES_SEFAZ: Record<ServicoSefaz, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
};

/** The endpoint of every service for one authorizer, modelo and ambiente. */
export type UrlsSefaz = Record<ServicoSefaz, string>;

/** tpAmb: 1 produção, 2 homologação. */
export type TpAmb = 1 | 2;

// UFs served by a virtual authorizer (SEFAZ Virtual do RS, SEFAZ Virtual do Ambiente Nacional);
// every other UF authorizes its own notes.
const VIRTUAIS: Record<ModeloFiscal, Record<string, string[]>> = {
  55: {
    SVRS: 'AC AL AP CE DF ES PA PB PI RJ RN RO RR SC SE TO'.split(' '),
    SVAN: ['MA'],
  },
  65: {
    SVRS: 'AC AL AP BA CE DF ES MA PA PB PE PI RJ RN RO RR SC SE TO'.split(' '),
  },
};

const SERVICOS: Record<ModeloFiscal, Record<string, Record<TpAmb, UrlsSefaz>>> = {
  55: {
    AM: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefaz.am.gov.br/services2/services/NfeConsulta4',
        NFeStatusServico4: 'https://nfe.sefaz.am.gov.br/services2/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.am.gov.br/services2/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeAutorizacao4',
        NFeRetAutorizacao4: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeConsulta4',
        NFeStatusServico4: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://homnfe.sefaz.am.gov.br/services2/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homnfe.sefaz.am.gov.br/services2/services/RecepcaoEvento4',
      },
    },
    BA: {
      1: {
        NFeAutorizacao4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeStatusServico4/NFeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeInutilizacao4/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://nfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeStatusServico4/NFeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeInutilizacao4/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://hnfe.sefaz.ba.gov.br/webservices/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      },
    },
    GO: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      },
    },
    MG: {
      1: {
        NFeAutorizacao4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4',
      },
    },
    MS: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.sefaz.ms.gov.br/ws/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.ms.gov.br/ws/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeStatusServico4',
        NFeInutilizacao4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://hom.nfe.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      },
    },
    MT: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeConsulta4',
        NFeStatusServico4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeAutorizacao4',
        NFeRetAutorizacao4:
          'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeConsulta4',
        NFeStatusServico4:
          'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/RecepcaoEvento4',
      },
    },
    PE: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4:
          'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeAutorizacao4',
        NFeRetAutorizacao4:
          'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4:
          'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeConsultaProtocolo4',
        NFeStatusServico4:
          'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeStatusServico4',
        NFeInutilizacao4:
          'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeInutilizacao4',
        NFeRecepcaoEvento4:
          'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/NFeRecepcaoEvento4',
      },
    },
    PR: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefa.pr.gov.br/nfe/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.sefa.pr.gov.br/nfe/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefa.pr.gov.br/nfe/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeStatusServico4',
        NFeInutilizacao4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/NFeRecepcaoEvento4',
      },
    },
    RS: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfe.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfe.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfe.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4: 'https://nfe.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfe.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://nfe-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
    },
    SP: {
      1: {
        NFeAutorizacao4: 'https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
        NFeRetAutorizacao4: 'https://nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
        NFeStatusServico4: 'https://nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx',
        NFeInutilizacao4: 'https://nfe.fazenda.sp.gov.br/ws/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
        NFeRetAutorizacao4: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
        NFeStatusServico4: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx',
        NFeInutilizacao4: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx',
      },
    },
    SVAN: {
      1: {
        NFeAutorizacao4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeInutilizacao4/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://www.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeInutilizacao4/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://hom.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
      },
    },
    SVRS: {
      1: {
        NFeAutorizacao4: 'https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfe.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfe.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4: 'https://nfe.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4: 'https://nfe.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://nfe-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
    },
  },
  65: {
    AM: {
      1: {
        NFeAutorizacao4: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
        NFeRetAutorizacao4:
          'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
        NFeStatusServico4: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://nfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeAutorizacao4',
        NFeRetAutorizacao4:
          'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4:
          'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeConsulta4',
        NFeStatusServico4:
          'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/NfeInutilizacao4',
        NFeRecepcaoEvento4:
          'https://homnfce.sefaz.am.gov.br/nfce-services/services/RecepcaoEvento4',
      },
    },
    GO: {
      1: {
        NFeAutorizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfe.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homolog.sefaz.go.gov.br/nfe/services/NFeRecepcaoEvento4',
      },
    },
    MG: {
      1: {
        NFeAutorizacao4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeRetAutorizacao4',
        NFeConsultaProtocolo4:
          'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeStatusServico4',
        NFeInutilizacao4: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://hnfce.fazenda.mg.gov.br/nfce/services/NFeRecepcaoEvento4',
      },
    },
    MT: {
      1: {
        NFeAutorizacao4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
        NFeStatusServico4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfce.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeAutorizacao4',
        NFeRetAutorizacao4:
          'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeConsulta4',
        NFeStatusServico4: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeStatusServico4',
        NFeInutilizacao4: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/NfeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4',
      },
    },
    MS: {
      1: {
        NFeAutorizacao4: 'https://nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfce.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfce.sefaz.ms.gov.br/ws/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeStatusServico4',
        NFeInutilizacao4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://hom.nfce.sefaz.ms.gov.br/ws/NFeRecepcaoEvento4',
      },
    },
    PR: {
      1: {
        NFeAutorizacao4: 'https://nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://nfce.sefa.pr.gov.br/nfce/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://nfce.sefa.pr.gov.br/nfce/NFeStatusServico4',
        NFeInutilizacao4: 'https://nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeAutorizacao4',
        NFeRetAutorizacao4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeRetAutorizacao4',
        NFeConsultaProtocolo4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeConsultaProtocolo4',
        NFeStatusServico4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeStatusServico4',
        NFeInutilizacao4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeInutilizacao4',
        NFeRecepcaoEvento4: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeRecepcaoEvento4',
      },
    },
    RS: {
      1: {
        NFeAutorizacao4: 'https://nfce.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfce.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfce.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfce.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4: 'https://nfce.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfce.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://nfce-homologacao.sefazrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
    },
    SP: {
      1: {
        NFeAutorizacao4: 'https://nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4: 'https://nfce.fazenda.sp.gov.br/ws/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4: 'https://nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
        NFeInutilizacao4: 'https://nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
      },
      2: {
        NFeAutorizacao4: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx',
        NFeStatusServico4: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeStatusServico4.asmx',
        NFeInutilizacao4: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeInutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeRecepcaoEvento4.asmx',
      },
    },
    SVRS: {
      1: {
        NFeAutorizacao4: 'https://nfce.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfce.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4: 'https://nfce.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4: 'https://nfce.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4: 'https://nfce.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4: 'https://nfce.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
      2: {
        NFeAutorizacao4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
        NFeRetAutorizacao4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
        NFeConsultaProtocolo4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
        NFeStatusServico4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
        NFeInutilizacao4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
        NFeRecepcaoEvento4:
          'https://nfce-homologacao.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
      },
    },
  },
};

/** Who authorizes a UF's notes of a modelo: the UF itself, 'SVRS' or 'SVAN'. */
export function autorizadorSefaz(uf: string, modelo: ModeloFiscal): string {
  const sigla = uf.toUpperCase();
  for (const [virtual, ufs] of Object.entries(VIRTUAIS[modelo])) {
    if (ufs.includes(sigla)) return virtual;
  }
  return sigla;
}

/** The web services a company of `uf` uses for `modelo` in ambiente `tpAmb`. */
export function urlsSefaz(uf: string, modelo: ModeloFiscal, tpAmb: TpAmb): UrlsSefaz {
  const urls = SERVICOS[modelo][autorizadorSefaz(uf, modelo)]?.[tpAmb];
  if (!urls) throw new Error(`UF sem serviço da ${modelo === 55 ? 'NF-e' : 'NFC-e'}: ${uf}`);
  return urls;
}
