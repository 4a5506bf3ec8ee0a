// NFC-e QR code, version 3 (NT 2025.001, in production since 01/09/2025), and the "consulte pela
// chave de acesso" address printed on the DANFCE.
import type { UF } from '@prumo/shared/brasil';

export interface EnderecosNfce {
  /** The address the QR code opens (NfeConsultaQR). */
  qrCode: string;
  /** urlChave: where a consumer types the access key (21 to 85 characters). */
  urlChave: string;
}

/*
 * Per UF and ambiente, from the official NFC-e tables of the Portal Nacional da NF-e as mirrored in
 * nfephp-org/sped-nfe (data only): `storage/wsnfe_4.00_mod65.xml` (NfeConsultaQR, commit
 * 39642ba4c7e2bc62424fafde96eef3d5e43e38b8, 08/07/2025) and `storage/uri_consulta_nfce.json`
 * (urlChave, commit 7084726024ce191bbf723023b4d19d7e9959cecd, 30/11/2023); read at
 * 3b44ec9f1cf2e6fd2a7f7e8877f9ebd5890b71ed. A UF that changes an address publishes it in its
 * NFC-e portal: update the line here.
 */
export const URLS_NFCE: Record<UF, Record<'producao' | 'homologacao', EnderecosNfce>> = {
  AC: {
    producao: {
      qrCode: 'http://www.sefaznet.ac.gov.br/nfce/qrcode',
      urlChave: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.hml.sefaznet.ac.gov.br/nfce/qrcode',
      urlChave: 'www.sefaznet.ac.gov.br/nfce/consulta',
    },
  },
  AL: {
    producao: {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      urlChave: 'www.sefaz.al.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp',
      urlChave: 'www.sefaz.al.gov.br/nfce/consulta',
    },
  },
  AM: {
    producao: {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp',
      urlChave: 'www.sefaz.am.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://sistemas.sefaz.am.gov.br/nfceweb-hom/consultarNFCe.jsp',
      urlChave: 'www.sefaz.am.gov.br/nfce/consulta',
    },
  },
  AP: {
    producao: {
      qrCode: 'https://www.sefaz.ap.gov.br/nfce/nfcep.php',
      urlChave: 'www.sefaz.ap.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://www.sefaz.ap.gov.br/nfcehml/nfce.php',
      urlChave: 'www.sefaz.ap.gov.br/nfce/consulta',
    },
  },
  BA: {
    producao: {
      qrCode: 'http://nfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      urlChave: 'http://www.sefaz.ba.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://hnfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx',
      urlChave: 'http://hinternet.sefaz.ba.gov.br/nfce/consulta',
    },
  },
  CE: {
    producao: {
      qrCode: 'http://nfce.sefaz.ce.gov.br/pages/ShowNFCe.html',
      urlChave: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://nfceh.sefaz.ce.gov.br/pages/ShowNFCe.html',
      urlChave: 'www.sefaz.ce.gov.br/nfce/consulta',
    },
  },
  DF: {
    producao: {
      qrCode: 'http://www.fazenda.df.gov.br/nfce/qrcode',
      urlChave: 'www.fazenda.df.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://dec.fazenda.df.gov.br/ConsultarNFCe.aspx',
      urlChave: 'www.fazenda.df.gov.br/nfce/consulta',
    },
  },
  ES: {
    producao: {
      qrCode: 'http://app.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      urlChave: 'www.sefaz.es.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://homologacao.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      urlChave: 'www.sefaz.es.gov.br/nfce/consulta',
    },
  },
  GO: {
    producao: {
      qrCode: 'https://nfeweb.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      urlChave: 'www.sefaz.go.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://nfewebhomolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
      urlChave: 'www.nfce.go.gov.br/post/ver/214413/consulta-nfc-e-homologacao',
    },
  },
  MA: {
    producao: {
      qrCode: 'http://www.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      urlChave: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.hom.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      urlChave: 'www.sefaz.ma.gov.br/nfce/consulta',
    },
  },
  MG: {
    producao: {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      urlChave: 'https://portalsped.fazenda.mg.gov.br/portalnfce',
    },
    homologacao: {
      qrCode: 'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      urlChave: 'https://hportalsped.fazenda.mg.gov.br/portalnfce',
    },
  },
  MS: {
    producao: {
      qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode',
      urlChave: 'http://www.dfe.ms.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.dfe.ms.gov.br/nfce/qrcode',
      urlChave: 'http://www.dfe.ms.gov.br/nfce/consulta',
    },
  },
  MT: {
    producao: {
      qrCode: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
      urlChave: 'http://www.sefaz.mt.gov.br/nfce/consultanfce',
    },
    homologacao: {
      qrCode: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
      urlChave: 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce',
    },
  },
  PA: {
    producao: {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal/view/consultas/nfce/nfceForm.seam',
      urlChave: 'www.sefa.pa.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://appnfc.sefa.pa.gov.br/portal-homologacao/view/consultas/nfce/nfceForm.seam',
      urlChave: 'www.sefa.pa.gov.br/nfce/consulta',
    },
  },
  PB: {
    producao: {
      qrCode: 'http://www.sefaz.pb.gov.br/nfce',
      urlChave: 'www.sefaz.pb.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.sefaz.pb.gov.br/nfcehom',
      urlChave: 'www.sefaz.pb.gov.br/nfcehom',
    },
  },
  PE: {
    producao: {
      qrCode: 'http://nfce.sefaz.pe.gov.br/nfce/consulta',
      urlChave: 'nfce.sefaz.pe.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta',
      urlChave: 'nfce.sefaz.pe.gov.br/nfce/consulta',
    },
  },
  PI: {
    producao: {
      qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode',
      urlChave: 'www.sefaz.pi.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.sefaz.pi.gov.br/nfce/qrcode',
      urlChave: 'www.sefaz.pi.gov.br/nfce/consulta',
    },
  },
  PR: {
    producao: {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.fazenda.pr.gov.br/nfce/qrcode',
      urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
    },
  },
  RJ: {
    producao: {
      qrCode: 'https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode',
      urlChave: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode',
      urlChave: 'www.fazenda.rj.gov.br/nfce/consulta',
    },
  },
  RN: {
    producao: {
      qrCode: 'http://nfce.set.rn.gov.br/consultarNFCe.aspx',
      urlChave: 'www.set.rn.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://hom.nfce.set.rn.gov.br/consultarNFCe.aspx',
      urlChave: 'www.set.rn.gov.br/nfce/consulta',
    },
  },
  RO: {
    producao: {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      urlChave: 'www.sefin.ro.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp',
      urlChave: 'www.sefin.ro.gov.br/nfce/consulta',
    },
  },
  RR: {
    producao: {
      qrCode: 'https://www.sefaz.rr.gov.br/servlet/qrcode',
      urlChave: 'www.sefaz.rr.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://200.174.88.103:8080/nfce/servlet/qrcode',
      urlChave: 'www.sefaz.rr.gov.br/nfce/consulta',
    },
  },
  RS: {
    producao: {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      urlChave: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
      urlChave: 'www.sefaz.rs.gov.br/nfce/consulta',
    },
  },
  SC: {
    producao: {
      qrCode: 'https://sat.sef.sc.gov.br/nfce/consulta',
      urlChave: 'https://sat.sef.sc.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
      urlChave: 'https://hom.sat.sef.sc.gov.br/nfce/consulta',
    },
  },
  SE: {
    producao: {
      qrCode: 'http://www.nfce.se.gov.br/nfce/qrcode',
      urlChave: 'http://www.nfce.se.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://www.hom.nfe.se.gov.br/nfce/qrcode',
      urlChave: 'http://www.hom.nfe.se.gov.br/nfce/consulta',
    },
  },
  SP: {
    producao: {
      qrCode: 'https://www.nfce.fazenda.sp.gov.br/qrcode',
      urlChave: 'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
    homologacao: {
      qrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
      urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    },
  },
  TO: {
    producao: {
      qrCode: 'http://www.sefaz.to.gov.br/nfce/qrcode',
      urlChave: 'www.sefaz.to.gov.br/nfce/consulta',
    },
    homologacao: {
      qrCode: 'http://homologacao.sefaz.to.gov.br/nfce/qrcode',
      urlChave: 'http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf',
    },
  },
};

function enderecos(uf: string, tpAmb: 1 | 2): EnderecosNfce {
  const daUf = URLS_NFCE[uf as UF];
  if (!daUf) throw new Error(`UF sem endereços de NFC-e: ${uf}`);
  return daUf[tpAmb === 1 ? 'producao' : 'homologacao'];
}

/** urlChave: the "consulte pela chave de acesso" address of the UF (infNFeSupl and DANFCE). */
export function urlConsultaNfce(uf: string, tpAmb: 1 | 2): string {
  return enderecos(uf, tpAmb).urlChave;
}

/** The offline (tpEmis 9) fields of the QR code and the A1 that signs them. */
export interface QrCodeOffline {
  /** Day of dhEmi, 01 to 31. */
  dia: string;
  /** vNF as in the XML ("123.45"). */
  valorNf: string;
  /** 1 CNPJ, 2 CPF; null without an identified consumer (or a foreigner). */
  destinatario: { tipo: 1 | 2; documento: string } | null;
  /** Base64 RSA-SHA1 of the text with the issuer's certificate (assinatura.ts assinarTexto). */
  assinar: (texto: string) => string;
}

/**
 * The QR code's content. Online (tpEmis 1): `URL?p=chave|3|tpAmb`. Offline (tpEmis 9, read from
 * the key): `URL?p=chave|3|tpAmb|dd|vNF|tpIdDest|cDest|assinatura`, where assinatura signs the
 * seven fields before it, without the URL (signing with the URL gives rejection 583).
 */
export function urlQrCodeNfce(dados: {
  uf: string;
  tpAmb: 1 | 2;
  chave: string;
  offline?: QrCodeOffline;
}): string {
  const base = enderecos(dados.uf, dados.tpAmb).qrCode;
  const prefixo = `${base}${base.includes('?') ? '&' : '?'}p=`;
  const online = `${dados.chave}|3|${dados.tpAmb}`;
  if (dados.chave[34] !== '9') return prefixo + online;
  if (!dados.offline) throw new Error('NFC-e em contingência offline: falta assinar o QR code');
  const { dia, valorNf, destinatario, assinar } = dados.offline;
  const campos = `${online}|${dia}|${valorNf}|${destinatario?.tipo ?? ''}|${destinatario?.documento ?? ''}`;
  return `${prefixo}${campos}|${assinar(campos)}`;
}
