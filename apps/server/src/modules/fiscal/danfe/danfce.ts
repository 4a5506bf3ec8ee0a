// The DANFCE (Documento Auxiliar da NFC-e) on an 80 mm roll, in the divisions of the Manual de
// Padrões Técnicos do DANFE-NFC-e: emitente, items, totals and payments, fiscal message with the
// "consulte pela chave" URL and the key, consumer, identification and protocol, the QR code,
// the taxes of Lei 12.741/2012 and the contributor's message. Laid out by the one PDF module.
import { formatCep, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import { FISCAL_TEXTOS } from '@prumo/shared/fiscal';
import { formatDecimal } from '@prumo/shared/money';
import { qrCode } from '../../../pdf/codigos';
import { criarDocumento, MM, type ContextoDocumento, type Documento } from '../../../pdf/documento';
import {
  chaveEmGrupos,
  dataHoraXml,
  formaDePagamento,
  lerNfe,
  serieDaNota,
  telefone,
  type NfeLida,
} from './nfe-leitura';

/** The QR code's side: the manual asks for at least 25 mm; 35 mm reads well on 203 dpi heads. */
const LADO_QR = 35 * MM;

const valor = (centavos: number) => formatDecimal(centavos / 100);
const quantidade = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 4,
});
const unitario = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 10,
});

export interface OpcoesDanfce {
  /** When the XML has no infNFeSupl (it always has once built): the QR code's text. */
  qrCodeUrl?: string;
  /** Likewise, the UF's "consulte pela chave" URL. */
  urlConsulta?: string;
}

function enderecoDoEmitente(nota: NfeLida): string {
  const e = nota.emit.endereco;
  return [
    [e.xLgr, e.nro].filter(Boolean).join(', '),
    e.xCpl,
    e.xBairro,
    [e.xMun, e.UF].filter(Boolean).join('/'),
    e.CEP ? `CEP ${formatCep(e.CEP)}` : '',
  ]
    .filter(Boolean)
    .join(' - ');
}

/** "CONSUMIDOR - CPF 123.456.789-09 - name", or the text for an unidentified consumer. */
function consumidor(nota: NfeLida): string {
  const dest = nota.dest;
  if (!dest || !(dest.CPF || dest.CNPJ || dest.idEstrangeiro))
    return FISCAL_TEXTOS.consumidorNaoIdentificado;
  const documento = dest.CPF
    ? `CPF ${formatCpf(dest.CPF)}`
    : dest.CNPJ
      ? `CNPJ ${formatCnpj(dest.CNPJ)}`
      : `Id. estrangeiro ${dest.idEstrangeiro}`;
  return ['CONSUMIDOR', documento, dest.xNome].filter(Boolean).join(' - ');
}

function itens(doc: Documento, nota: NfeLida) {
  const recuo = doc.fonte * 2.6;
  const pequeno = doc.fonte * 0.9;
  doc.texto('Código  Descrição', { negrito: true, tamanho: pequeno });
  doc.valores('Qtde  UN  x  Vl unit.', 'Vl total', { negrito: true, tamanho: pequeno, recuo });
  for (const item of nota.det) {
    doc.texto(`${item.cProd}  ${item.xProd}`, { maxLinhas: 3, recuoSeguintes: recuo });
    doc.valores(
      `${quantidade.format(item.qCom)} ${item.uCom} x ${unitario.format(item.vUnCom)}`,
      valor(item.vProd),
      { recuo },
    );
    if (item.vDesc > 0) doc.valores('Desconto', `-${valor(item.vDesc)}`, { recuo });
  }
}

function totais(doc: Documento, nota: NfeLida) {
  const t = nota.total;
  doc.valores('Qtde. total de itens', String(nota.det.length));
  doc.valores('Valor total R$', valor(t.vProd));
  if (t.vDesc > 0) doc.valores('Descontos R$', `-${valor(t.vDesc)}`);
  if (t.vFrete > 0) doc.valores('Frete R$', valor(t.vFrete));
  if (t.vSeg > 0) doc.valores('Seguro R$', valor(t.vSeg));
  if (t.vOutro > 0) doc.valores('Outras despesas R$', valor(t.vOutro));
  doc.valores('Valor a pagar R$', valor(t.vNF), { negrito: true, tamanho: doc.fonte * 1.25 });
  doc.espaco();
  doc.valores('FORMA PAGAMENTO', 'VALOR PAGO R$', { negrito: true, tamanho: doc.fonte * 0.9 });
  for (const pag of nota.pag.detPag)
    doc.valores(formaDePagamento(pag.tPag, pag.xPag), valor(pag.vPag));
  if (nota.pag.vTroco > 0) doc.valores('Troco R$', valor(nota.pag.vTroco));
}

/** The DANFCE of an NFC-e (nfeProc, or the signed NFe of an offline contingency), 80 mm. */
export async function danfcePdf(
  xml: string,
  contexto: ContextoDocumento,
  opcoes: OpcoesDanfce = {},
): Promise<Uint8Array> {
  const nota = lerNfe(xml);
  const textoQr = nota.infNFeSupl?.qrCode || opcoes.qrCodeUrl || '';
  const urlChave = nota.infNFeSupl?.urlChave || opcoes.urlConsulta || '';
  const { emit } = nota;
  // The issuer as the XML has it: the note, not the settings, is what was authorized.
  const empresa = {
    ...contexto.empresa,
    nome: emit.xNome,
    cnpj: emit.CNPJ || emit.CPF,
    inscricaoEstadual: emit.IE,
    endereco: enderecoDoEmitente(nota),
    telefone: emit.endereco.fone ? telefone(emit.endereco.fone) : contexto.empresa.telefone,
  };
  const [doc, qr] = await Promise.all([
    criarDocumento(
      '80mm',
      { ...contexto, empresa },
      { titulo: 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica' },
    ),
    textoQr ? qrCode(textoQr) : null,
  ]);
  const homologacao = nota.ide.tpAmb === 2;
  const contingencia = nota.ide.tpEmis !== 1;
  const centro = { alinhar: 'centro' as const };

  if (homologacao) {
    doc.destaque(FISCAL_TEXTOS.semValorFiscal);
    doc.separador();
  }
  itens(doc, nota);
  doc.separador();
  totais(doc, nota);
  doc.separador();

  // Fiscal message: environment, contingency, and where to look the note up.
  if (homologacao) {
    doc.texto('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO', { ...centro, negrito: true });
    doc.texto(FISCAL_TEXTOS.semValorFiscal, { ...centro, negrito: true });
    doc.espaco();
  }
  if (contingencia) {
    doc.destaque(FISCAL_TEXTOS.emitidaEmContingencia);
    doc.espaco();
  }
  if (urlChave) {
    doc.texto('Consulte pela Chave de Acesso em', { ...centro, negrito: true });
    doc.texto(urlChave, centro);
  }
  // The key in two even lines (6 and 5 groups of 4) rather than one left dangling.
  const grupos = chaveEmGrupos(nota.chave).split(' ');
  doc.texto(grupos.slice(0, 6).join(' '), centro);
  doc.texto(grupos.slice(6).join(' '), centro);
  doc.separador();

  doc.texto(consumidor(nota), { ...centro, negrito: true, maxLinhas: 3 });
  const endereco = nota.dest?.endereco;
  if (endereco)
    doc.texto(
      [
        [endereco.xLgr, endereco.nro].filter(Boolean).join(', '),
        endereco.xBairro,
        [endereco.xMun, endereco.UF].filter(Boolean).join('/'),
      ]
        .filter(Boolean)
        .join(' - '),
      { ...centro, maxLinhas: 2 },
    );
  doc.separador();

  const emissao = dataHoraXml(nota.ide.dhEmi).completa;
  const numero = String(nota.ide.nNF).padStart(9, '0');
  doc.texto(`NFC-e nº ${numero} Série ${serieDaNota(nota.ide.serie)} ${emissao}`, {
    ...centro,
    negrito: true,
  });
  if (nota.protocolo?.nProt) {
    doc.texto(`Protocolo de autorização: ${nota.protocolo.nProt}`, centro);
    doc.texto(`Data de autorização: ${dataHoraXml(nota.protocolo.dhRecbto).completa}`, centro);
  } else if (contingencia) doc.texto('Pendente de autorização', { ...centro, negrito: true });
  if (qr) doc.simbolo(qr, { largura: LADO_QR, altura: LADO_QR });

  if (nota.total.vTotTrib > 0) {
    doc.separador();
    doc.texto(
      `Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${valor(nota.total.vTotTrib)}`,
      { ...centro, tamanho: doc.fonte * 0.9 },
    );
  }
  if (nota.infAdic.infCpl) {
    doc.separador();
    doc.texto(nota.infAdic.infCpl, { tamanho: doc.fonte * 0.9, maxLinhas: 12 });
  }
  return doc.salvar();
}
