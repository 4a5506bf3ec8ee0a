// The DANFE (Documento Auxiliar da NF-e), A4 portrait, with the blocks of the Manual de
// Orientação do Contribuinte: canhoto, emitente with the key's CODE-128C barcode, destinatário,
// fatura, impostos, transportador, produtos over as many pages as they need (each repeats the
// header with the key and "FOLHA x/y") and dados adicionais. A boxed form does not flow like
// Documento's body, so it is drawn with the PDF module's form (pdf/formulario.ts).
import { formatCep, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import { formatDateTime } from '@prumo/shared/dates';
import { FISCAL_TEXTOS } from '@prumo/shared/fiscal';
import { formatDecimal } from '@prumo/shared/money';
import { codigo128, type Simbolo } from '../../../pdf/codigos';
import { MM, type Alinhamento, type ContextoDocumento } from '../../../pdf/documento';
import {
  ALTURA_LINHA_FORMULARIO,
  criarFormulario,
  type Caixa,
  type Formulario,
  type PaginaFormulario,
} from '../../../pdf/formulario';
import {
  chaveEmGrupos,
  dataHoraXml,
  formaDePagamento,
  lerNfe,
  modalidadeFrete,
  numeroDaNota,
  serieDaNota,
  telefone,
  type EnderecoNfe,
  type ItemNfe,
  type NfeLida,
} from './nfe-leitura';

const PAGINA = { largura: 210 * MM, altura: 297 * MM };
const MARGEM = 6 * MM;
const X0 = MARGEM;
const LARGURA = PAGINA.largura - 2 * MARGEM;
/** Where the body ends: the footer line takes the bottom 3 mm above the margin. */
const BASE = PAGINA.altura - MARGEM - 3 * MM;
const CAMPO = 7 * MM;
const TITULO = 3.4 * MM;
const ESPACO = 0.8 * MM;
const CANHOTO = 17 * MM;
/** The emitente/DANFE/key block and its two rows of fields. */
const QUADRO = 33 * MM;
const CABECALHO = QUADRO + 2 * CAMPO;
const LARGURA_EMITENTE = 80 * MM;
const LARGURA_DANFE = 34 * MM;
const LARGURA_CHAVE = LARGURA - LARGURA_EMITENTE - LARGURA_DANFE;
const DADOS_ADICIONAIS = 26 * MM;
const LARGURA_INFORMACOES = 132 * MM;
const FONTE_ITEM = 6;
const FONTE_INFORMACOES = 6.5;
const CELULA_FATURA = { largura: LARGURA / 6, altura: 9 * MM };
const MAXIMO_CELULAS = 18;
/** Where the first page's rows must end: the dados adicionais sit below. */
const BASE_PRIMEIRA = BASE - DADOS_ADICIONAIS - TITULO - ESPACO;

const valor = (centavos: number) => formatDecimal(centavos / 100);
const quantidade = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 4,
});
const unitario = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 10,
});
const percentual = (p: number) => formatDecimal(p);

const documento = (cnpj: string, cpf: string) =>
  cnpj ? formatCnpj(cnpj) : cpf ? formatCpf(cpf) : '';

const logradouro = (e: EnderecoNfe) =>
  [[e.xLgr, e.nro].filter(Boolean).join(', '), e.xCpl].filter(Boolean).join(' - ');

/** The product table's columns, in millimetres; the description takes what is left. */
const COLUNAS: ReadonlyArray<{
  titulo: string;
  largura?: number;
  alinhar: Alinhamento;
  valor: (item: ItemNfe) => string;
}> = [
  { titulo: 'CÓDIGO PRODUTO', largura: 14, alinhar: 'esquerda', valor: (i) => i.cProd },
  { titulo: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', alinhar: 'esquerda', valor: (i) => i.xProd },
  { titulo: 'NCM/SH', largura: 12, alinhar: 'centro', valor: (i) => i.NCM },
  { titulo: 'O/CSOSN', largura: 9, alinhar: 'centro', valor: (i) => `${i.orig}${i.CSOSN}` },
  { titulo: 'CFOP', largura: 7.5, alinhar: 'centro', valor: (i) => i.CFOP },
  { titulo: 'UN', largura: 6.5, alinhar: 'centro', valor: (i) => i.uCom },
  { titulo: 'QUANT.', largura: 11.5, alinhar: 'direita', valor: (i) => quantidade.format(i.qCom) },
  {
    titulo: 'VALOR UNIT.',
    largura: 13,
    alinhar: 'direita',
    valor: (i) => unitario.format(i.vUnCom),
  },
  { titulo: 'VALOR TOTAL', largura: 14, alinhar: 'direita', valor: (i) => valor(i.vProd) },
  { titulo: 'VALOR DESC.', largura: 11, alinhar: 'direita', valor: (i) => valor(i.vDesc) },
  { titulo: 'B.CÁLC. ICMS', largura: 11, alinhar: 'direita', valor: (i) => valor(i.vBC) },
  { titulo: 'VALOR ICMS', largura: 10, alinhar: 'direita', valor: (i) => valor(i.vICMS) },
  { titulo: 'VALOR IPI', largura: 9, alinhar: 'direita', valor: (i) => valor(i.vIPI) },
  {
    titulo: 'ALÍQ. ICMS',
    largura: 7,
    alinhar: 'direita',
    valor: (i) => percentual(i.pICMS),
  },
  { titulo: 'ALÍQ. IPI', largura: 7, alinhar: 'direita', valor: (i) => percentual(i.pIPI) },
];
const LARGURAS = (() => {
  const fixas = COLUNAS.reduce((soma, coluna) => soma + (coluna.largura ?? 0), 0) * MM;
  return COLUNAS.map((coluna) => (coluna.largura ? coluna.largura * MM : LARGURA - fixas));
})();
const XS = LARGURAS.map((_, indice) => X0 + LARGURAS.slice(0, indice).reduce((s, l) => s + l, 0));
const INDICE_DESCRICAO = 1;
const CABECALHO_TABELA = 6 * MM;
/** Above and below a row's text, in points. */
const RESPIRO_ITEM = 1.4;

interface LinhaTexto {
  texto: string;
  negrito: boolean;
}

/** A product row laid out: the description's lines and its height. */
interface LinhaItem {
  item: ItemNfe;
  descricao: string[];
  altura: number;
}

interface Folha {
  itens: LinhaItem[];
  /** Dados adicionais that did not fit on the first page, after the products of the last. */
  continuacao: LinhaTexto[];
}

interface Desenho {
  form: Formulario;
  nota: NfeLida;
  contexto: ContextoDocumento;
  barras: Simbolo;
  folhas: number;
}

function secao(p: PaginaFormulario, texto: string, topo: number): number {
  p.texto(texto, { x: X0, topo: topo + 0.8, largura: LARGURA }, { tamanho: 6, negrito: true });
  return topo + TITULO;
}

/** Text lines centred (or aligned) one under the other from `topo`, each with its own style. */
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

function canhoto(d: Desenho, p: PaginaFormulario, topo: number): number {
  const { nota } = d;
  const larguraNumero = 38 * MM;
  const larguraTexto = LARGURA - larguraNumero;
  const alturaTexto = 9.5 * MM;
  const alturaCampos = CANHOTO - alturaTexto;
  const destino = nota.dest?.endereco;
  const recebemos =
    `RECEBEMOS DE ${nota.emit.xNome} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ` +
    `ELETRÔNICA INDICADA AO LADO. EMISSÃO: ${dataHoraXml(nota.ide.dhEmi).data} ` +
    `VALOR TOTAL: R$ ${valor(nota.total.vNF)}` +
    (nota.dest
      ? ` DESTINATÁRIO: ${nota.dest.xNome}` +
        (destino
          ? ` - ${logradouro(destino)} ${destino.xBairro} ${destino.xMun}-${destino.UF}`
          : '')
      : '');
  p.caixa({ x: X0, topo, largura: larguraTexto, altura: alturaTexto });
  const estilo = { tamanho: 6.2 };
  const linhas = d.form.quebrar(recebemos, larguraTexto - 4, estilo, 3);
  const altura = linhas.length * estilo.tamanho * ALTURA_LINHA_FORMULARIO;
  p.linhas(
    linhas,
    { x: X0 + 2, topo: topo + (alturaTexto - altura) / 2, largura: larguraTexto - 4 },
    estilo,
  );
  const campos = { x: X0, topo: topo + alturaTexto, largura: larguraTexto, altura: alturaCampos };
  p.linhaDeCampos(campos, [
    { rotulo: 'Data de recebimento', valor: '', largura: 38 * MM },
    { rotulo: 'Identificação e assinatura do recebedor', valor: '' },
  ]);
  const x = X0 + larguraTexto;
  p.caixa({ x, topo, largura: larguraNumero, altura: CANHOTO });
  bloco(
    p,
    [
      { texto: 'NF-e', tamanho: 12, negrito: true },
      { texto: `Nº ${numeroDaNota(nota.ide.nNF)}`, tamanho: 9, negrito: true },
      { texto: `Série ${serieDaNota(nota.ide.serie)}`, tamanho: 9, negrito: true },
    ],
    { x, topo: topo + 2 * MM, largura: larguraNumero },
  );
  const corte = topo + CANHOTO + 2 * MM;
  p.linha(X0, corte, LARGURA, { tracejado: true });
  return corte + 2 * MM;
}

function emitente(d: Desenho, p: PaginaFormulario, topo: number) {
  const { nota, form } = d;
  const { emit } = nota;
  const caixa: Caixa = { x: X0, topo, largura: LARGURA_EMITENTE, altura: QUADRO };
  p.caixa(caixa);
  p.texto(
    'IDENTIFICAÇÃO DO EMITENTE',
    { x: X0, topo: topo + 0.6, largura: LARGURA_EMITENTE },
    { tamanho: form.tamanhoRotulo, alinhar: 'centro' },
  );
  const dentro = { topo: topo + 3.5 * MM, altura: QUADRO - 4.5 * MM };
  const larguraLogo = p.logo({ x: X0 + 2 * MM, ...dentro, largura: 24 * MM });
  const x = X0 + 2 * MM + (larguraLogo ? larguraLogo + 2 * MM : 0);
  const largura = X0 + LARGURA_EMITENTE - 2 * MM - x;
  const e = emit.endereco;
  const fone = e.fone ? telefone(e.fone) : d.contexto.empresa.telefone;
  const nome = form
    .quebrar(emit.xNome, largura, { tamanho: 9.5, negrito: true }, 2)
    .map((texto) => ({ texto, tamanho: 9.5, negrito: true }));
  const endereco = [
    logradouro(e),
    [e.xBairro, e.CEP && `CEP ${formatCep(e.CEP)}`].filter(Boolean).join(' - '),
    [e.xMun, e.UF].filter(Boolean).join(' - '),
    fone ? `Fone: ${fone}` : '',
  ]
    .filter(Boolean)
    .flatMap((linha) => form.quebrar(linha, largura, { tamanho: 7 }, 2))
    .map((texto) => ({ texto, tamanho: 7 }));
  const linhas = [...nome, { texto: '', tamanho: 2 }, ...endereco];
  const altura = linhas.reduce((soma, l) => soma + l.tamanho * ALTURA_LINHA_FORMULARIO, 0);
  bloco(p, linhas, {
    x,
    topo: dentro.topo + Math.max(0, (dentro.altura - altura) / 2),
    largura,
  });
}

function quadroDanfe(d: Desenho, p: PaginaFormulario, topo: number, folha: number) {
  const { nota } = d;
  const x = X0 + LARGURA_EMITENTE;
  const largura = LARGURA_DANFE;
  p.caixa({ x, topo, largura, altura: QUADRO });
  bloco(
    p,
    [
      { texto: 'DANFE', tamanho: 13, negrito: true },
      { texto: 'Documento Auxiliar da', tamanho: 6.5 },
      { texto: 'Nota Fiscal Eletrônica', tamanho: 6.5 },
    ],
    { x, topo: topo + 1.5 * MM, largura },
  );
  bloco(
    p,
    [
      { texto: '0 - ENTRADA', tamanho: 6.5 },
      { texto: '1 - SAÍDA', tamanho: 6.5 },
    ],
    { x: x + 3 * MM, topo: topo + 13.6 * MM, largura: 20 * MM },
    'esquerda',
  );
  const tipo: Caixa = { x: x + 23 * MM, topo: topo + 13.2 * MM, largura: 7 * MM, altura: 6 * MM };
  p.caixa(tipo);
  p.texto(
    String(nota.ide.tpNF),
    { x: tipo.x, topo: tipo.topo + 0.8 * MM, largura: tipo.largura },
    { tamanho: 11, negrito: true, alinhar: 'centro' },
  );
  bloco(
    p,
    [
      { texto: `Nº ${numeroDaNota(nota.ide.nNF)}`, tamanho: 8.5, negrito: true },
      { texto: `SÉRIE ${serieDaNota(nota.ide.serie)}`, tamanho: 8.5, negrito: true },
      { texto: `FOLHA ${folha}/${d.folhas}`, tamanho: 7.5 },
    ],
    { x, topo: topo + 21 * MM, largura },
  );
}

function quadroChave(d: Desenho, p: PaginaFormulario, topo: number) {
  const x = X0 + LARGURA_EMITENTE + LARGURA_DANFE;
  const largura = LARGURA_CHAVE;
  const alturaBarras = 13 * MM;
  p.caixa({ x, topo, largura, altura: alturaBarras });
  // The quiet zone (10 modules each side) stays inside the box.
  const larguraBarras = largura - 7 * MM;
  p.simbolo(d.barras, {
    x: x + (largura - larguraBarras) / 2,
    topo: topo + 1.5 * MM,
    largura: larguraBarras,
    altura: alturaBarras - 3 * MM,
  });
  const alturaChave = 8 * MM;
  p.campo(
    { x, topo: topo + alturaBarras, largura, altura: alturaChave },
    'Chave de acesso',
    chaveEmGrupos(d.nota.chave),
    { tamanho: 8, negrito: true, alinhar: 'centro' },
  );
  const topoConsulta = topo + alturaBarras + alturaChave;
  const alturaConsulta = QUADRO - alturaBarras - alturaChave;
  p.caixa({ x, topo: topoConsulta, largura, altura: alturaConsulta });
  const estilo = { tamanho: 7.5 };
  const linhas = [
    'Consulta de autenticidade no portal nacional da NF-e',
    'www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora',
  ];
  const altura = linhas.length * estilo.tamanho * ALTURA_LINHA_FORMULARIO;
  p.linhas(
    linhas,
    { x: x + 1, topo: topoConsulta + (alturaConsulta - altura) / 2, largura: largura - 2 },
    { ...estilo, alinhar: 'centro' },
  );
}

/** nProt and when, or what stands in its place. */
function protocolo(nota: NfeLida): string {
  if (nota.protocolo?.nProt)
    return `${nota.protocolo.nProt} - ${dataHoraXml(nota.protocolo.dhRecbto).completa}`;
  if (nota.ide.tpEmis !== 1) return FISCAL_TEXTOS.emitidaEmContingencia;
  return 'NF-e sem autorização de uso';
}

function cabecalho(d: Desenho, p: PaginaFormulario, topo: number, folha: number): number {
  emitente(d, p, topo);
  quadroDanfe(d, p, topo, folha);
  quadroChave(d, p, topo);
  const { nota } = d;
  p.linhaDeCampos({ x: X0, topo: topo + QUADRO, largura: LARGURA, altura: CAMPO }, [
    { rotulo: 'Natureza da operação', valor: nota.ide.natOp },
    {
      rotulo: 'Protocolo de autorização de uso',
      valor: protocolo(nota),
      largura: LARGURA_CHAVE,
      alinhar: 'centro',
      negrito: true,
    },
  ]);
  p.linhaDeCampos({ x: X0, topo: topo + QUADRO + CAMPO, largura: LARGURA, altura: CAMPO }, [
    { rotulo: 'Inscrição estadual', valor: nota.emit.IE },
    { rotulo: 'Inscrição estadual do subst. tribut.', valor: nota.emit.IEST },
    { rotulo: 'CNPJ', valor: documento(nota.emit.CNPJ, nota.emit.CPF) },
  ]);
  return topo + CABECALHO + ESPACO;
}

function destinatario(d: Desenho, p: PaginaFormulario, topo: number): number {
  const { nota } = d;
  const dest = nota.dest;
  const e = dest?.endereco;
  const emissao = dataHoraXml(nota.ide.dhEmi);
  const saida = dataHoraXml(nota.ide.dhSaiEnt);
  let y = secao(p, 'DESTINATÁRIO / REMETENTE', topo);
  const linha = (campos: Parameters<PaginaFormulario['linhaDeCampos']>[1]) => {
    p.linhaDeCampos({ x: X0, topo: y, largura: LARGURA, altura: CAMPO }, campos);
    y += CAMPO;
  };
  linha([
    { rotulo: 'Nome / razão social', valor: dest?.xNome ?? '' },
    { rotulo: 'CNPJ / CPF', valor: dest ? documento(dest.CNPJ, dest.CPF) : '', largura: 42 * MM },
    { rotulo: 'Data da emissão', valor: emissao.data, largura: 28 * MM, alinhar: 'centro' },
  ]);
  linha([
    { rotulo: 'Endereço', valor: e ? logradouro(e) : '' },
    { rotulo: 'Bairro / distrito', valor: e?.xBairro ?? '', largura: 48 * MM },
    { rotulo: 'CEP', valor: e ? formatCep(e.CEP) : '', largura: 24 * MM, alinhar: 'centro' },
    { rotulo: 'Data da saída/entrada', valor: saida.data, largura: 28 * MM, alinhar: 'centro' },
  ]);
  linha([
    { rotulo: 'Município', valor: e?.xMun ?? '' },
    { rotulo: 'UF', valor: e?.UF ?? '', largura: 10 * MM, alinhar: 'centro' },
    { rotulo: 'Fone / fax', valor: e?.fone ? telefone(e.fone) : '', largura: 34 * MM },
    { rotulo: 'Inscrição estadual', valor: dest?.IE ?? '', largura: 38 * MM },
    { rotulo: 'Hora da saída/entrada', valor: saida.hora, largura: 28 * MM, alinhar: 'centro' },
  ]);
  return y + ESPACO;
}

/** The fatura, the payments (tPag) and the troco, then the duplicatas, as small cells. */
function celulasDaFatura(nota: NfeLida): string[][] {
  const celulas: string[][] = [];
  const fat = nota.cobr?.fat;
  if (fat)
    celulas.push([
      `Fatura ${fat.nFat}`,
      `Original: R$ ${valor(fat.vOrig)}`,
      `Líquido: R$ ${valor(fat.vLiq)}`,
    ]);
  for (const pag of nota.pag.detPag)
    celulas.push(['Pagamento', formaDePagamento(pag.tPag, pag.xPag), `R$ ${valor(pag.vPag)}`]);
  if (nota.pag.vTroco > 0) celulas.push(['Troco', `R$ ${valor(nota.pag.vTroco)}`]);
  for (const dup of nota.cobr?.dup ?? [])
    celulas.push([
      `Duplicata ${dup.nDup}`,
      `Venc.: ${dataHoraXml(dup.dVenc).data}`,
      `Valor: R$ ${valor(dup.vDup)}`,
    ]);
  // Three rows at most: the last cell then says how many more the XML holds.
  if (celulas.length <= MAXIMO_CELULAS) return celulas;
  const resto = celulas.length - MAXIMO_CELULAS + 1;
  return [
    ...celulas.slice(0, MAXIMO_CELULAS - 1),
    [`E mais ${resto}`, 'parcelas no XML', 'da NF-e'],
  ];
}

function fatura(d: Desenho, p: PaginaFormulario, topo: number, celulas: string[][]): number {
  const inicio = secao(p, 'FATURA / DUPLICATAS', topo);
  const estilo = { tamanho: 6.5 };
  celulas.forEach((linhas, indice) => {
    const coluna = indice % 6;
    const y = inicio + Math.floor(indice / 6) * CELULA_FATURA.altura;
    const x = X0 + coluna * CELULA_FATURA.largura;
    p.caixa({ x, topo: y, ...CELULA_FATURA });
    const primeira = [{ texto: linhas[0]!, tamanho: 6.5, negrito: true }];
    bloco(
      p,
      [...primeira, ...linhas.slice(1).map((texto) => ({ texto, ...estilo }))],
      { x: x + 1.5 * MM, topo: y + 0.8 * MM, largura: CELULA_FATURA.largura - 3 * MM },
      'esquerda',
    );
  });
  const linhas = Math.max(1, Math.ceil(celulas.length / 6));
  p.caixa({ x: X0, topo: inicio, largura: LARGURA, altura: linhas * CELULA_FATURA.altura });
  return inicio + linhas * CELULA_FATURA.altura + ESPACO;
}

function impostos(d: Desenho, p: PaginaFormulario, topo: number): number {
  const t = d.nota.total;
  const y = secao(p, 'CÁLCULO DO IMPOSTO', topo);
  const caixa = { x: X0, largura: LARGURA, altura: CAMPO };
  const direita = { alinhar: 'direita' as const };
  p.linhaDeCampos(
    { ...caixa, topo: y },
    [
      { rotulo: 'Base de cálc. do ICMS', valor: valor(t.vBC) },
      { rotulo: 'Valor do ICMS', valor: valor(t.vICMS) },
      { rotulo: 'Base de cálc. ICMS S.T.', valor: valor(t.vBCST) },
      { rotulo: 'Valor do ICMS subst.', valor: valor(t.vST) },
      { rotulo: 'V. aprox. dos tributos', valor: valor(t.vTotTrib) },
      { rotulo: 'Valor total dos produtos', valor: valor(t.vProd) },
    ],
    direita,
  );
  p.linhaDeCampos(
    { ...caixa, topo: y + CAMPO },
    [
      { rotulo: 'Valor do frete', valor: valor(t.vFrete) },
      { rotulo: 'Valor do seguro', valor: valor(t.vSeg) },
      { rotulo: 'Desconto', valor: valor(t.vDesc) },
      { rotulo: 'Outras despesas', valor: valor(t.vOutro) },
      { rotulo: 'Valor total do IPI', valor: valor(t.vIPI) },
      { rotulo: 'Valor total da nota', valor: valor(t.vNF), negrito: true },
    ],
    direita,
  );
  return y + 2 * CAMPO + ESPACO;
}

function transportador(d: Desenho, p: PaginaFormulario, topo: number): number {
  const { transp } = d.nota;
  const t = transp.transporta;
  const veiculo = transp.veiculo;
  // One line for the volumes: the DANFE has room for one; several are summed by count.
  const vol = transp.vol[0];
  let y = secao(p, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS', topo);
  const linha = (campos: Parameters<PaginaFormulario['linhaDeCampos']>[1]) => {
    p.linhaDeCampos({ x: X0, topo: y, largura: LARGURA, altura: CAMPO }, campos);
    y += CAMPO;
  };
  linha([
    { rotulo: 'Nome / razão social', valor: t?.xNome ?? '' },
    { rotulo: 'Frete por conta', valor: modalidadeFrete(transp.modFrete), largura: 44 * MM },
    { rotulo: 'Código ANTT', valor: veiculo?.RNTC ?? '', largura: 20 * MM },
    { rotulo: 'Placa do veículo', valor: veiculo?.placa ?? '', largura: 22 * MM },
    { rotulo: 'UF', valor: veiculo?.UF ?? '', largura: 10 * MM, alinhar: 'centro' },
    { rotulo: 'CNPJ / CPF', valor: t ? documento(t.CNPJ, t.CPF) : '', largura: 36 * MM },
  ]);
  linha([
    { rotulo: 'Endereço', valor: t?.xEnder ?? '' },
    { rotulo: 'Município', valor: t?.xMun ?? '', largura: 60 * MM },
    { rotulo: 'UF', valor: t?.UF ?? '', largura: 10 * MM, alinhar: 'centro' },
    { rotulo: 'Inscrição estadual', valor: t?.IE ?? '', largura: 36 * MM },
  ]);
  const peso = (kg: string) => (kg ? formatDecimal(Number(kg), 3) : '');
  linha([
    { rotulo: 'Quantidade', valor: vol?.qVol ?? '', alinhar: 'direita' },
    { rotulo: 'Espécie', valor: vol?.esp ?? '' },
    { rotulo: 'Marca', valor: vol?.marca ?? '' },
    { rotulo: 'Numeração', valor: vol?.nVol ?? '' },
    { rotulo: 'Peso bruto', valor: peso(vol?.pesoB ?? ''), alinhar: 'direita' },
    { rotulo: 'Peso líquido', valor: peso(vol?.pesoL ?? ''), alinhar: 'direita' },
  ]);
  return y + ESPACO;
}

/** The products' title and the table's header row; answers where the rows begin. */
function cabecalhoProdutos(d: Desenho, p: PaginaFormulario, topo: number): number {
  const y = secao(p, 'DADOS DOS PRODUTOS / SERVIÇOS', topo);
  const estilo = { tamanho: 5, alinhar: 'centro' as const };
  COLUNAS.forEach((coluna, indice) => {
    const largura = LARGURAS[indice]!;
    p.caixa({ x: XS[indice]!, topo: y, largura, altura: CABECALHO_TABELA });
    const linhas = d.form.quebrar(coluna.titulo, largura - 2, estilo, 2);
    const altura = linhas.length * estilo.tamanho * ALTURA_LINHA_FORMULARIO;
    p.linhas(
      linhas,
      { x: XS[indice]! + 0.5, topo: y + (CABECALHO_TABELA - altura) / 2, largura: largura - 1 },
      estilo,
    );
  });
  return y + CABECALHO_TABELA;
}

/** The rows of one page, then the column rules from `topo` down to `base`. */
function produtos(p: PaginaFormulario, topo: number, itens: LinhaItem[], base: number) {
  const estilo = { tamanho: FONTE_ITEM };
  let y = topo;
  for (const [n, linha] of itens.entries()) {
    COLUNAS.forEach((coluna, indice) => {
      const caixa = {
        x: XS[indice]! + 1,
        topo: y + RESPIRO_ITEM * 1.4,
        largura: LARGURAS[indice]! - 2,
      };
      if (indice === INDICE_DESCRICAO) p.linhas(linha.descricao, caixa, estilo);
      else p.texto(coluna.valor(linha.item), caixa, { ...estilo, alinhar: coluna.alinhar });
    });
    y += linha.altura;
    if (n < itens.length - 1) p.linha(X0, y, LARGURA, { fina: true });
  }
  p.caixa({ x: X0, topo, largura: LARGURA, altura: base - topo });
  for (const x of XS.slice(1)) p.vertical(x, topo, base);
}

/** What the informações complementares say: notices in bold, then the note's own texts. */
function informacoes(nota: NfeLida, avisos: string[]): Array<{ texto: string; negrito: boolean }> {
  const { infAdic, ide } = nota;
  return [
    ...avisos.map((texto) => ({ texto, negrito: true })),
    ...(ide.tpEmis !== 1 && ide.dhCont
      ? [
          {
            texto: `Contingência desde ${dataHoraXml(ide.dhCont).completa}. Justificativa: ${ide.xJust}`,
            negrito: false,
          },
        ]
      : []),
    ...(infAdic.infAdFisco ? [{ texto: `Inf. fisco: ${infAdic.infAdFisco}`, negrito: false }] : []),
    ...(infAdic.infCpl ? [{ texto: `Inf. contribuinte: ${infAdic.infCpl}`, negrito: false }] : []),
  ];
}

function linhasDeInformacoes(
  form: Formulario,
  paragrafos: ReturnType<typeof informacoes>,
  largura: number,
): LinhaTexto[] {
  return paragrafos.flatMap(({ texto, negrito }) =>
    form
      .quebrar(texto, largura, { tamanho: FONTE_INFORMACOES, negrito })
      .map((linha) => ({ texto: linha, negrito })),
  );
}

function desenharInformacoes(p: PaginaFormulario, linhas: LinhaTexto[], caixa: Caixa) {
  const lh = FONTE_INFORMACOES * ALTURA_LINHA_FORMULARIO;
  linhas.forEach((linha, indice) =>
    p.texto(
      linha.texto,
      { x: caixa.x + 1.5, topo: caixa.topo + 3 * MM + indice * lh, largura: caixa.largura - 3 },
      { tamanho: FONTE_INFORMACOES, negrito: linha.negrito },
    ),
  );
}

/** The DANFE's "dados adicionais" at the bottom of the first page. */
function dadosAdicionais(p: PaginaFormulario, linhas: LinhaTexto[]) {
  const topo = BASE - DADOS_ADICIONAIS;
  secao(p, 'DADOS ADICIONAIS', topo - TITULO);
  const caixa = { x: X0, topo, largura: LARGURA_INFORMACOES, altura: DADOS_ADICIONAIS };
  p.campo(caixa, 'Informações complementares', '');
  desenharInformacoes(p, linhas, caixa);
  p.campo(
    {
      x: X0 + LARGURA_INFORMACOES,
      topo,
      largura: LARGURA - LARGURA_INFORMACOES,
      altura: DADOS_ADICIONAIS,
    },
    'Reservado ao fisco',
    '',
  );
}

function rodape(d: Desenho, p: PaginaFormulario) {
  const impresso = `Impresso em ${formatDateTime(d.contexto.agora ?? new Date(), d.contexto.timeZone)}`;
  p.texto(impresso, { x: X0, topo: BASE + 0.6 * MM, largura: LARGURA }, { tamanho: 6 });
}

const LINHAS_INFORMACOES = Math.floor(
  (DADOS_ADICIONAIS - 3 * MM) / (FONTE_INFORMACOES * ALTURA_LINHA_FORMULARIO),
);
const alturaContinuacao = (linhas: number) =>
  TITULO + 3 * MM + linhas * FONTE_INFORMACOES * ALTURA_LINHA_FORMULARIO + 1.5 * MM;

/**
 * The first page holds fewer rows (canhoto, destinatário... and the dados adicionais); later
 * pages carry the header and rows only. Fixed heights make the pages known before drawing, so
 * every header says "FOLHA x/y".
 */
function paginar(itens: LinhaItem[], inicioPrimeira: number, continuacao: LinhaTexto[]): Folha[] {
  const inicioSeguintes = MARGEM + CABECALHO + ESPACO + TITULO + CABECALHO_TABELA;
  const folhas: Folha[] = [{ itens: [], continuacao: [] }];
  let y = inicioPrimeira;
  let base = BASE_PRIMEIRA;
  for (const linha of itens) {
    if (y + linha.altura > base && folhas.at(-1)!.itens.length > 0) {
      folhas.push({ itens: [], continuacao: [] });
      y = inicioSeguintes;
      base = BASE;
    }
    folhas.at(-1)!.itens.push(linha);
    y += linha.altura;
  }
  if (continuacao.length) {
    // On the last page after its rows, or on a page of its own.
    if (folhas.length === 1 || y + alturaContinuacao(continuacao.length) > BASE)
      folhas.push({ itens: [], continuacao });
    else folhas.at(-1)!.continuacao = continuacao;
  }
  return folhas;
}

/** The note's notices (homologação, contingency, no authorization) and its watermark. */
function avisosDa(nota: NfeLida): { avisos: string[]; marca: string | null } {
  const avisos: string[] = [];
  let marca: string | null = null;
  if (nota.ide.tpAmb === 2) {
    avisos.push(`NF-e EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - ${FISCAL_TEXTOS.semValorFiscal}`);
    marca = FISCAL_TEXTOS.semValorFiscal;
  }
  if (nota.ide.tpEmis !== 1) avisos.push(FISCAL_TEXTOS.emitidaEmContingencia);
  if (!nota.protocolo && nota.ide.tpEmis === 1) {
    avisos.push(`NF-e SEM AUTORIZAÇÃO DE USO DA SEFAZ - ${FISCAL_TEXTOS.semValorFiscal}`);
    marca = FISCAL_TEXTOS.semValorFiscal;
  }
  // Denial (uso denegado) keeps the number but the goods may not circulate.
  if (nota.protocolo && ['110', '301', '302', '303'].includes(nota.protocolo.cStat)) {
    avisos.push(`NF-e DENEGADA: ${nota.protocolo.xMotivo}`);
    marca = 'DENEGADA';
  }
  return { avisos, marca };
}

/** The DANFE of an nfeProc (or a signed NFe), A4 portrait. */
export async function danfePdf(xml: string, contexto: ContextoDocumento): Promise<Uint8Array> {
  const nota = lerNfe(xml);
  const [form, barras] = await Promise.all([
    criarFormulario(contexto, `DANFE NF-e ${numeroDaNota(nota.ide.nNF)}`),
    codigo128(nota.chave),
  ]);

  const larguraDescricao = LARGURAS[INDICE_DESCRICAO]! - 2;
  const lh = FONTE_ITEM * ALTURA_LINHA_FORMULARIO;
  const itens: LinhaItem[] = nota.det.map((item) => {
    const estilo = { tamanho: FONTE_ITEM };
    const descricao = [
      ...form.quebrar(item.xProd, larguraDescricao, estilo, 4),
      ...(item.infAdProd ? form.quebrar(item.infAdProd, larguraDescricao, estilo, 3) : []),
    ];
    return { item, descricao, altura: descricao.length * lh + 2 * RESPIRO_ITEM };
  });

  const { avisos, marca } = avisosDa(nota);
  const linhasInformacoes = linhasDeInformacoes(
    form,
    informacoes(nota, avisos),
    LARGURA_INFORMACOES - 3,
  );
  const primeiras = linhasInformacoes.slice(0, LINHAS_INFORMACOES);
  const resto = linhasInformacoes.slice(LINHAS_INFORMACOES);
  const celulas = celulasDaFatura(nota);
  const linhasFatura = Math.max(1, Math.ceil(celulas.length / 6));

  // Where the first page's rows begin: every block above them has a fixed height.
  const inicioPrimeira =
    MARGEM +
    CANHOTO +
    4 * MM +
    CABECALHO +
    ESPACO +
    (TITULO + 3 * CAMPO + ESPACO) +
    (TITULO + linhasFatura * CELULA_FATURA.altura + ESPACO) +
    (TITULO + 2 * CAMPO + ESPACO) +
    (TITULO + 3 * CAMPO + ESPACO) +
    TITULO +
    CABECALHO_TABELA;
  const folhas = paginar(itens, inicioPrimeira, resto);
  const d: Desenho = { form, nota, contexto, barras, folhas: folhas.length };

  folhas.forEach((folha, indice) => {
    const p = form.novaPagina(PAGINA.largura, PAGINA.altura);
    // Under everything, so the barcode and the texts stay solid black.
    if (marca) p.marcaDagua(marca);
    let y = MARGEM;
    if (indice === 0) {
      y = canhoto(d, p, y);
      y = cabecalho(d, p, y, 1);
      y = destinatario(d, p, y);
      y = fatura(d, p, y, celulas);
      y = impostos(d, p, y);
      y = transportador(d, p, y);
    } else y = cabecalho(d, p, y, indice + 1);
    if (folha.itens.length) {
      const topo = cabecalhoProdutos(d, p, y);
      const fim = topo + folha.itens.reduce((soma, linha) => soma + linha.altura, 0);
      produtos(p, topo, folha.itens, indice === 0 ? BASE_PRIMEIRA : fim);
      y = fim + ESPACO;
    }
    if (indice === 0) dadosAdicionais(p, primeiras);
    if (folha.continuacao.length) {
      const topo = secao(p, 'DADOS ADICIONAIS (CONTINUAÇÃO)', y);
      const caixa = {
        x: X0,
        topo,
        largura: LARGURA_INFORMACOES,
        altura: alturaContinuacao(folha.continuacao.length) - TITULO,
      };
      p.campo(caixa, 'Informações complementares', '');
      desenharInformacoes(p, folha.continuacao, caixa);
    }
    rodape(d, p);
  });
  return form.salvar();
}
