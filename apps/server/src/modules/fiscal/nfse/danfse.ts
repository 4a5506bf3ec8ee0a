// The DANFSe (Documento Auxiliar da NFS-e), A4 portrait, in the spirit of the national layout
// (Portal NFS-e, DANFSe v1.0): a header with the key, the numbers and dates and the QR code of the
// public consultation; then the emitente, the tomador, the service, the values with the municipal
// taxation and the complementary information. Every field comes from the NFS-e's XML (what the
// national issuer registered), drawn with the PDF module's boxed form (pdf/formulario.ts) like the
// DANFE. Long texts wrap; the service's description and the informações complementares continue
// on further pages when they must, each one repeating the note's number and key.
import { formatCep, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import {
  NFSE_REGIME_APURACAO_SN_LABELS,
  NFSE_REGIME_ESPECIAL_LABELS,
  type NfseRegimeApuracaoSn,
  type NfseRegimeEspecial,
} from '@prumo/shared/fiscal';
import { formatMoney, formatPercent, fromCentavos } from '@prumo/shared/money';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import {
  formatCodigoServicoNacional,
  servicoNacionalPorCodigo,
} from '@prumo/shared/servicos-nacionais';
import { qrCode, type Simbolo } from '../../../pdf/codigos';
import { MM, type Alinhamento, type ContextoDocumento } from '../../../pdf/documento';
import {
  ALTURA_LINHA_FORMULARIO,
  criarFormulario,
  type CampoFormulario,
  type Formulario,
  type PaginaFormulario,
} from '../../../pdf/formulario';
import { chaveEmGrupos, dataHoraXml, telefone } from '../danfe/nfe-leitura';
import { lerNfse, type EnderecoLido, type NfseLida } from './nfse-leitura';

const PAGINA = { largura: 210 * MM, altura: 297 * MM };
const MARGEM = 8 * MM;
const X0 = MARGEM;
const LARGURA = PAGINA.largura - 2 * MARGEM;
/** Where the body ends: the footer line takes the 4 mm above the bottom margin. */
const BASE = PAGINA.altura - MARGEM - 4 * MM;
const CAMPO = 7.5 * MM;
const TITULO = 4 * MM;
const ESPACO = 1.2 * MM;
/** The header: the title zone over three rows of fields, beside the QR code's column. */
const ZONA_TITULO = 16 * MM;
const CABECALHO = ZONA_TITULO + 3 * CAMPO;
const LARGURA_QR = 40 * MM;
/** The QR code's side; its quiet zone (4 modules) stays inside the column. */
const LADO_QR = 26 * MM;
const FAIXA = 8 * MM;
/** Value font size, and the form's caption size and inner padding (pdf/formulario.ts). */
const FONTE = 8;
const ROTULO = 5.5;
const RESPIRO = 1.6;
const LH = FONTE * ALTURA_LINHA_FORMULARIO;
/** Where a field's first wrapped line starts below its top, and the room left under the last. */
const TOPO_VALOR = 0.6 + ROTULO * ALTURA_LINHA_FORMULARIO;
/** A long text's first line, a little further from its caption. */
const TOPO_TEXTO = TOPO_VALOR + 1;
const FOLGA_BASE = 3;

export const AVISO_AMBIENTE_RESTRITO =
  'NFS-e SEM VALIDADE JURÍDICA — AMBIENTE DE PRODUÇÃO RESTRITA / SIMULAÇÃO';
const MARCA_AMBIENTE_RESTRITO = 'SEM VALIDADE JURÍDICA';
export const TOMADOR_NAO_IDENTIFICADO = 'Tomador não identificado';

/** The national public consultation of a note, which the QR code opens. */
export const urlConsultaPublica = (chave: string) =>
  `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${chave}`;

/** opSimpNac: the company's situation in the Simples Nacional on the competência. */
const SIMPLES_NACIONAL: Record<number, string> = {
  1: 'Não optante',
  2: 'MEI',
  3: 'Optante pelo Simples Nacional — ME/EPP',
};

/** tribISSQN. */
const TRIBUTACAO_ISSQN: Record<number, string> = {
  1: 'Operação tributável',
  2: 'Imunidade',
  3: 'Exportação de serviço',
  4: 'Não incidência',
};

const dinheiro = (centavos: number) => formatMoney(fromCentavos(centavos));

const documento = (cnpj: string, cpf: string) =>
  cnpj ? formatCnpj(cnpj) : cpf ? formatCpf(cpf) : '';

/** "Av. Paulista, 1000 - Ap. 12 - Bela Vista". */
const logradouro = (e: EnderecoLido) =>
  [[e.xLgr, e.nro].filter(Boolean).join(', '), e.xCpl, e.xBairro].filter(Boolean).join(' - ');

/** "São Paulo/SP" from the IBGE code (the name as written when the table lacks it). */
function municipio(codigo: string, nome = '', uf = ''): string {
  const achado = /^\d{7}$/.test(codigo) ? municipioPorCodigo(Number(codigo)) : undefined;
  return [nome || achado?.nome, uf || achado?.uf].filter(Boolean).join('/');
}

/** NBS "120012000" → "1.2001.20.00". */
const codigoNbs = (codigo: string) =>
  /^\d{9}$/.test(codigo) ? codigo.replace(/^(\d)(\d{4})(\d{2})(\d{2})$/, '$1.$2.$3.$4') : codigo;

/** A field that may wrap (names, addresses, descriptions) rather than be cut. */
interface Campo extends CampoFormulario {
  quebrar?: boolean;
}

interface Paragrafo {
  texto: string;
  negrito?: boolean;
}

/** The pages drawn so far and where the next block goes on the last one. */
class Desenho {
  readonly paginas: PaginaFormulario[] = [];
  y = MARGEM;

  constructor(
    readonly form: Formulario,
    readonly nota: NfseLida,
    private readonly marca: string | null,
  ) {}

  get p(): PaginaFormulario {
    return this.paginas.at(-1)!;
  }

  novaPagina() {
    const p = this.form.novaPagina(PAGINA.largura, PAGINA.altura);
    // Under everything, so the QR code and the texts stay solid black.
    if (this.marca) p.marcaDagua(this.marca);
    this.paginas.push(p);
    this.y = MARGEM;
    if (this.paginas.length > 1) cabecalhoContinuacao(this);
  }

  /** Room for `altura` (with `junto` more kept on the same page); answers its top. */
  reservar(altura: number, junto = 0): number {
    if (this.y + altura + junto > BASE) this.novaPagina();
    const topo = this.y;
    this.y += altura;
    return topo;
  }
}

/** Text lines centred one under the other from `topo`, each with its own style. */
function bloco(
  p: PaginaFormulario,
  linhas: ReadonlyArray<{ texto: string; tamanho: number; negrito?: boolean }>,
  caixa: { x: number; topo: number; largura: number },
  alinhar: Alinhamento = 'centro',
) {
  let topo = caixa.topo;
  for (const linha of linhas) {
    p.texto(linha.texto, { ...caixa, topo }, { ...linha, alinhar });
    topo += linha.tamanho * ALTURA_LINHA_FORMULARIO;
  }
}

const alturaDe = (linhas: ReadonlyArray<{ tamanho: number }>) =>
  linhas.reduce((soma, linha) => soma + linha.tamanho * ALTURA_LINHA_FORMULARIO, 0);

function cabecalho(d: Desenho, qr: Simbolo) {
  const { nota, p } = d;
  const topo = d.reservar(CABECALHO);
  const largura = LARGURA - LARGURA_QR;
  p.caixa({ x: X0, topo, largura, altura: ZONA_TITULO });
  const larguraLogo = p.logo({
    x: X0 + 2 * MM,
    topo: topo + 1.5 * MM,
    largura: 30 * MM,
    altura: ZONA_TITULO - 3 * MM,
  });
  const x = X0 + 2 * MM + (larguraLogo ? larguraLogo + 2 * MM : 0);
  const titulo = [
    { texto: 'DANFSe — Documento Auxiliar da NFS-e', tamanho: 13, negrito: true },
    { texto: 'Nota Fiscal de Serviço eletrônica — padrão nacional', tamanho: 7.5 },
    ...(nota.cStat === 101
      ? [{ texto: 'NFS-e DE SUBSTITUIÇÃO', tamanho: 7.5, negrito: true }]
      : []),
  ];
  bloco(p, titulo, {
    x,
    topo: topo + (ZONA_TITULO - alturaDe(titulo)) / 2,
    largura: X0 + largura - 2 * MM - x,
  });

  let y = topo + ZONA_TITULO;
  p.campo({ x: X0, topo: y, largura, altura: CAMPO }, 'Chave de acesso da NFS-e', '');
  p.texto(
    chaveEmGrupos(nota.chave),
    { x: X0 + RESPIRO, topo: y + TOPO_VALOR + 0.4 * MM, largura: largura - 2 * RESPIRO },
    { tamanho: 10, negrito: true, alinhar: 'centro' },
  );
  y += CAMPO;
  const emissao = dataHoraXml(nota.dhProc).completa;
  p.linhaDeCampos({ x: X0, topo: y, largura, altura: CAMPO }, [
    { rotulo: 'Número da NFS-e', valor: String(nota.nNFSe), negrito: true, tamanho: 9 },
    { rotulo: 'Competência da NFS-e', valor: formatDate(nota.dps.dCompet) },
    { rotulo: 'Data e hora da emissão da NFS-e', valor: emissao },
  ]);
  y += CAMPO;
  p.linhaDeCampos({ x: X0, topo: y, largura, altura: CAMPO }, [
    { rotulo: 'Número da DPS', valor: String(nota.dps.nDPS) },
    { rotulo: 'Série da DPS', valor: String(nota.dps.serie) },
    { rotulo: 'Data e hora da emissão da DPS', valor: dataHoraXml(nota.dps.dhEmi).completa },
  ]);

  const xQr = X0 + largura;
  p.caixa({ x: xQr, topo, largura: LARGURA_QR, altura: CABECALHO });
  p.simbolo(qr, {
    x: xQr + (LARGURA_QR - LADO_QR) / 2,
    topo: topo + 3 * MM,
    largura: LADO_QR,
    altura: LADO_QR,
  });
  bloco(
    p,
    ['Autenticidade: leia o QR code ou', 'consulte a chave de acesso em', 'www.nfse.gov.br'].map(
      (texto) => ({ texto, tamanho: 5.8 }),
    ),
    { x: xQr + 1, topo: topo + LADO_QR + 5.2 * MM, largura: LARGURA_QR - 2 },
  );
  d.y += ESPACO;
}

/** Pages after the first: the note's number and key above the continued blocks. */
function cabecalhoContinuacao(d: Desenho) {
  const topo = d.reservar(CAMPO);
  d.p.linhaDeCampos({ x: X0, topo, largura: LARGURA, altura: CAMPO }, [
    { rotulo: 'DANFSe', valor: 'Continuação', largura: 36 * MM, negrito: true },
    { rotulo: 'Número da NFS-e', valor: String(d.nota.nNFSe), largura: 32 * MM, negrito: true },
    {
      rotulo: 'Chave de acesso da NFS-e',
      valor: chaveEmGrupos(d.nota.chave),
      negrito: true,
      alinhar: 'centro',
    },
  ]);
  d.y += ESPACO;
}

function faixaAmbienteRestrito(d: Desenho) {
  const topo = d.reservar(FAIXA);
  d.p.caixa({ x: X0, topo, largura: LARGURA, altura: FAIXA }, { espessura: 1.5, fundo: true });
  const tamanho = 10.5;
  d.p.texto(
    AVISO_AMBIENTE_RESTRITO,
    {
      x: X0 + 2 * MM,
      topo: topo + (FAIXA - tamanho * ALTURA_LINHA_FORMULARIO) / 2,
      largura: LARGURA - 4 * MM,
    },
    { tamanho, negrito: true, alinhar: 'centro' },
  );
  d.y += ESPACO;
}

/** A block's title, kept on the page with `junto` points of what follows. */
function secao(d: Desenho, titulo: string, junto = CAMPO) {
  const topo = d.reservar(TITULO, junto);
  d.p.texto(titulo, { x: X0, topo: topo + 1.2, largura: LARGURA }, { tamanho: 6.5, negrito: true });
}

/**
 * Fields side by side across the body. A field with `quebrar` wraps under its caption and the
 * row grows to hold it (its other fields then sit under their captions too).
 */
function linha(d: Desenho, campos: readonly Campo[], padrao: { alinhar?: Alinhamento } = {}) {
  const fixas = campos.reduce((soma, campo) => soma + (campo.largura ?? 0), 0);
  const livres = campos.filter((campo) => campo.largura === undefined).length;
  const larguras = campos.map((campo) => campo.largura ?? (LARGURA - fixas) / livres);
  const linhas = campos.map((campo, indice) =>
    campo.quebrar && campo.valor
      ? d.form.quebrar(campo.valor, larguras[indice]! - 2 * RESPIRO, {
          tamanho: campo.tamanho ?? FONTE,
          negrito: campo.negrito,
        }).length
      : 1,
  );
  const maximo = Math.max(...linhas);
  const altura = maximo > 1 ? TOPO_VALOR + maximo * LH + FOLGA_BASE : CAMPO;
  const topo = d.reservar(altura);
  if (maximo === 1) {
    d.p.linhaDeCampos({ x: X0, topo, largura: LARGURA, altura }, campos, padrao);
    return;
  }
  let x = X0;
  campos.forEach((campo, indice) => {
    const largura = larguras[indice]!;
    d.p.campo({ x, topo, largura, altura }, campo.rotulo, campo.valor, {
      alinhar: campo.alinhar ?? padrao.alinhar,
      tamanho: campo.tamanho,
      negrito: campo.negrito,
      maxLinhas: maximo,
    });
    x += largura;
  });
}

/**
 * A full-width field of free text (paragraphs word-wrapped). What does not fit on the page goes
 * on to the next one, under the same caption marked "(continuação)".
 */
function campoLongo(d: Desenho, rotulo: string, paragrafos: readonly Paragrafo[]) {
  const largura = LARGURA - 2 * RESPIRO;
  let resto = paragrafos.flatMap(({ texto, negrito }) =>
    d.form
      .quebrar(texto, largura, { tamanho: FONTE, negrito })
      .map((linha) => ({ texto: linha, negrito })),
  );
  let parte = 0;
  while (resto.length > 0) {
    const cabem = Math.floor((BASE - d.y - TOPO_TEXTO - FOLGA_BASE) / LH);
    // Two lines at least on a page, unless one is all that is left.
    if (cabem < Math.min(2, resto.length)) {
      d.novaPagina();
      continue;
    }
    const linhas = resto.slice(0, cabem);
    resto = resto.slice(cabem);
    const altura = TOPO_TEXTO + linhas.length * LH + FOLGA_BASE;
    const topo = d.reservar(altura);
    d.p.campo(
      { x: X0, topo, largura: LARGURA, altura },
      parte === 0 ? rotulo : `${rotulo} (continuação)`,
      '',
    );
    linhas.forEach((linha, indice) =>
      d.p.texto(
        linha.texto,
        { x: X0 + RESPIRO, topo: topo + TOPO_TEXTO + indice * LH, largura },
        { tamanho: FONTE, negrito: linha.negrito },
      ),
    );
    parte++;
  }
}

function emitente(d: Desenho) {
  const { emit, dps } = d.nota;
  const { prest } = dps;
  const end = emit.end;
  const fone = emit.fone || prest.fone;
  secao(d, 'EMITENTE DA NFS-e');
  linha(d, [
    {
      rotulo: 'CNPJ / CPF',
      valor: documento(emit.CNPJ || prest.CNPJ, emit.CPF || prest.CPF),
      largura: 40 * MM,
      negrito: true,
    },
    { rotulo: 'Inscrição municipal', valor: emit.IM || prest.IM, largura: 32 * MM },
    { rotulo: 'Telefone', valor: fone ? telefone(fone) : '', largura: 32 * MM },
    { rotulo: 'E-mail', valor: emit.email || prest.email, quebrar: true },
  ]);
  linha(d, [
    { rotulo: 'Nome / nome empresarial', valor: emit.xNome, negrito: true, quebrar: true },
    ...(emit.xFant
      ? [{ rotulo: 'Nome fantasia', valor: emit.xFant, largura: 60 * MM, quebrar: true }]
      : []),
  ]);
  linha(d, [
    { rotulo: 'Endereço', valor: end ? logradouro(end) : '', quebrar: true },
    {
      rotulo: 'Município / UF',
      valor: end ? municipio(end.cMun, '', end.UF) : '',
      largura: 50 * MM,
    },
    { rotulo: 'CEP', valor: end?.CEP ? formatCep(end.CEP) : '', largura: 24 * MM },
  ]);
  const apuracao =
    prest.opSimpNac === 3 && prest.regApTribSN !== null
      ? (NFSE_REGIME_APURACAO_SN_LABELS[prest.regApTribSN as NfseRegimeApuracaoSn] ?? '')
      : '-';
  linha(d, [
    {
      rotulo: 'Simples Nacional na data de competência',
      valor: SIMPLES_NACIONAL[prest.opSimpNac] ?? String(prest.opSimpNac),
      largura: 66 * MM,
    },
    {
      rotulo: 'Regime de apuração tributária pelo Simples Nacional',
      valor: apuracao,
      quebrar: true,
    },
    {
      rotulo: 'Regime especial de tributação',
      valor: NFSE_REGIME_ESPECIAL_LABELS[prest.regEspTrib as NfseRegimeEspecial] ?? '',
      largura: 46 * MM,
      quebrar: true,
    },
  ]);
  d.y += ESPACO;
}

function tomador(d: Desenho) {
  const toma = d.nota.dps.toma;
  secao(d, 'TOMADOR DO SERVIÇO');
  if (!toma || !(toma.CNPJ || toma.CPF || toma.xNome)) {
    const topo = d.reservar(CAMPO);
    d.p.caixa({ x: X0, topo, largura: LARGURA, altura: CAMPO });
    d.p.texto(
      TOMADOR_NAO_IDENTIFICADO,
      { x: X0, topo: topo + (CAMPO - 8.5 * ALTURA_LINHA_FORMULARIO) / 2, largura: LARGURA },
      { tamanho: 8.5, negrito: true, alinhar: 'centro' },
    );
    d.y += ESPACO;
    return;
  }
  const end = toma.end;
  linha(d, [
    {
      rotulo: 'CNPJ / CPF',
      valor: documento(toma.CNPJ, toma.CPF),
      largura: 40 * MM,
      negrito: true,
    },
    { rotulo: 'Inscrição municipal', valor: toma.IM, largura: 32 * MM },
    { rotulo: 'Telefone', valor: toma.fone ? telefone(toma.fone) : '', largura: 32 * MM },
    { rotulo: 'E-mail', valor: toma.email, quebrar: true },
  ]);
  linha(d, [
    { rotulo: 'Nome / nome empresarial', valor: toma.xNome, negrito: true, quebrar: true },
  ]);
  linha(d, [
    { rotulo: 'Endereço', valor: end ? logradouro(end) : '', quebrar: true },
    {
      rotulo: 'Município / UF',
      valor: end ? municipio(end.cMun, '', end.UF) : '',
      largura: 50 * MM,
    },
    { rotulo: 'CEP', valor: end?.CEP ? formatCep(end.CEP) : '', largura: 24 * MM },
  ]);
  d.y += ESPACO;
}

function servico(d: Desenho) {
  const { nota } = d;
  const { serv } = nota.dps;
  const CODIGO = 42 * MM;
  secao(d, 'SERVIÇO PRESTADO');
  linha(d, [
    {
      rotulo: 'Código de tributação nacional',
      valor: formatCodigoServicoNacional(serv.cTribNac),
      largura: CODIGO,
      negrito: true,
    },
    {
      rotulo: 'Descrição do código de tributação nacional',
      valor: nota.xTribNac || servicoNacionalPorCodigo(serv.cTribNac)?.descricao || '',
      quebrar: true,
    },
  ]);
  const nbs: Campo = { rotulo: 'Código NBS', valor: codigoNbs(serv.cNBS), largura: CODIGO };
  if (serv.cNBS && nota.xNBS)
    linha(d, [nbs, { rotulo: 'Descrição do código NBS', valor: nota.xNBS, quebrar: true }]);
  linha(d, [
    ...(serv.cNBS && !nota.xNBS ? [nbs] : []),
    {
      rotulo: 'Local da prestação',
      valor: municipio(serv.cLocPrestacao, nota.xLocPrestacao),
      quebrar: true,
    },
    ...(serv.cIntContrib
      ? [{ rotulo: 'Código do serviço no contribuinte', valor: serv.cIntContrib, largura: 50 * MM }]
      : []),
  ]);
  campoLongo(d, 'Descrição do serviço', [{ texto: serv.xDescServ || '-' }]);
  d.y += ESPACO;
}

function valores(d: Desenho) {
  const { nota } = d;
  const v = nota.valores;
  const dv = nota.dps.valores;
  const tributavel = dv.tribISSQN === 1;
  const retido = dv.tpRetISSQN === 2 || dv.tpRetISSQN === 3;
  secao(d, 'VALORES / TRIBUTAÇÃO MUNICIPAL', 2 * CAMPO);
  linha(d, [
    {
      rotulo: 'Tributação do ISSQN',
      valor: TRIBUTACAO_ISSQN[dv.tribISSQN] ?? String(dv.tribISSQN),
    },
    { rotulo: 'ISSQN retido', valor: retido ? 'Sim' : 'Não', negrito: retido },
    {
      rotulo: 'Responsável pela retenção',
      valor: dv.tpRetISSQN === 2 ? 'Tomador' : dv.tpRetISSQN === 3 ? 'Intermediário' : '-',
    },
    {
      rotulo: 'Valor do ISSQN retido',
      valor: retido ? dinheiro(v.vTotalRet) : '-',
      alinhar: 'direita',
    },
  ]);
  const aliquota = v.pAliqAplic ?? dv.pAliq;
  linha(
    d,
    [
      { rotulo: 'Valor do serviço', valor: dinheiro(dv.vServ) },
      { rotulo: 'Desconto incondicionado', valor: dinheiro(dv.vDescIncond) },
      { rotulo: 'Base de cálculo do ISSQN', valor: tributavel ? dinheiro(v.vBC) : '-' },
      {
        rotulo: 'Alíquota aplicada',
        valor: tributavel && aliquota !== null ? formatPercent(aliquota) : '-',
      },
      { rotulo: 'ISSQN apurado', valor: tributavel ? dinheiro(v.vISSQN) : '-' },
      { rotulo: 'Valor líquido da NFS-e', valor: dinheiro(v.vLiq), negrito: true, tamanho: 9 },
    ],
    { alinhar: 'direita' },
  );
  d.y += ESPACO;
}

function informacoes(d: Desenho, avisos: readonly string[]) {
  const { nota } = d;
  const paragrafos: Paragrafo[] = [
    ...avisos.map((texto) => ({ texto, negrito: true })),
    ...(nota.dps.serv.xInfComp ? [{ texto: nota.dps.serv.xInfComp }] : []),
    ...(nota.dps.valores.pTotTribSN !== null
      ? [
          {
            texto: `Percentual aproximado dos tributos do Simples Nacional: ${formatPercent(nota.dps.valores.pTotTribSN)}`,
          },
        ]
      : []),
    ...(nota.xOutInf ? [{ texto: `Outras informações: ${nota.xOutInf}` }] : []),
  ];
  if (paragrafos.length === 0) return;
  secao(d, 'INFORMAÇÕES COMPLEMENTARES', TOPO_TEXTO + 2 * LH + FOLGA_BASE);
  campoLongo(d, 'Informações complementares', paragrafos);
}

/** Every page's footer, once the number of pages is known. */
function rodapes(d: Desenho, contexto: ContextoDocumento) {
  const impresso = `Impresso em ${formatDateTime(contexto.agora ?? new Date(), contexto.timeZone)}`;
  const caixa = { x: X0, topo: BASE + 1 * MM, largura: LARGURA };
  d.paginas.forEach((p, indice) => {
    p.linha(X0, BASE + 0.6 * MM, LARGURA, { fina: true });
    p.texto(impresso, caixa, { tamanho: 6 });
    p.texto(`Folha ${indice + 1}/${d.paginas.length}`, caixa, { tamanho: 6, alinhar: 'direita' });
  });
}

/** The DANFSe of a national NFS-e (the issuer's signed XML), A4 portrait. */
export async function danfsePdf(xml: string, contexto: ContextoDocumento): Promise<Uint8Array> {
  const nota = lerNfse(xml);
  const [form, qr] = await Promise.all([
    criarFormulario(contexto, `DANFSe NFS-e ${nota.nNFSe}`),
    qrCode(urlConsultaPublica(nota.chave)),
  ]);
  const restrito = nota.dps.tpAmb === 2;
  const d = new Desenho(form, nota, restrito ? MARCA_AMBIENTE_RESTRITO : null);
  d.novaPagina();
  cabecalho(d, qr);
  if (restrito) faixaAmbienteRestrito(d);
  emitente(d);
  tomador(d);
  servico(d);
  valores(d);
  informacoes(d, restrito ? [AVISO_AMBIENTE_RESTRITO] : []);
  rodapes(d, contexto);
  return form.salvar();
}
