// Offline validation against the official XSDs (the NF-e's in apps/server/esquemas/nfe/PL_010_V1.30,
// the national NFS-e's in apps/server/esquemas/nfse/v1.01; see their ORIGEM.md) with libxml2
// compiled to WebAssembly (xmllint-wasm, no native build). Both packages share one worker: their
// file names do not collide.
//
// xmllint-wasm's validateXML starts a worker, compiles the 780 kB wasm and parses the schemas on
// every call: about 100 ms here. One worker kept for the process, with the wasm compiled once and
// the XSDs handed over once, stripped of their documentation, validates a note in under 10 ms
// (libxml2 still parses the schema on each run: its command line is all the wasm exposes).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const PACOTE_ESQUEMAS = 'PL_010_V1.30';
/** The national NFS-e's schemas (Sistema Nacional NFS-e, layout 1.01). */
export const PACOTE_ESQUEMAS_NFSE = 'v1.01';

/** Each document Prumo builds or receives, by its root element, and the XSD that validates it. */
export const ARQUIVO_DO_ESQUEMA = {
  nfe: 'nfe_v4.00.xsd',
  enviNFe: 'enviNFe_v4.00.xsd',
  retEnviNFe: 'retEnviNFe_v4.00.xsd',
  procNFe: 'procNFe_v4.00.xsd',
  consSitNFe: 'consSitNFe_v4.00.xsd',
  retConsSitNFe: 'retConsSitNFe_v4.00.xsd',
  consStatServ: 'consStatServ_v4.00.xsd',
  retConsStatServ: 'retConsStatServ_v4.00.xsd',
  consReciNFe: 'consReciNFe_v4.00.xsd',
  retConsReciNFe: 'retConsReciNFe_v4.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  retInutNFe: 'retInutNFe_v4.00.xsd',
  procInutNFe: 'procInutNFe_v4.00.xsd',
  envEventoCancNFe: 'envEventoCancNFe_v1.00.xsd',
  retEnvEventoCancNFe: 'retEnvEventoCancNFe_v1.00.xsd',
  procEventoCancNFe: 'procEventoCancNFe_v1.00.xsd',
  envCCe: 'envCCe_v1.00.xsd',
  retEnvCCe: 'retEnvCCe_v1.00.xsd',
  procCCeNFe: 'procCCeNFe_v1.00.xsd',
  // NFS-e (national layout): the DPS sent, the NFS-e answered, the event asked and registered.
  DPS: 'DPS_v1.01.xsd',
  NFSe: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const;
export type EsquemaNfe = keyof typeof ARQUIVO_DO_ESQUEMA;

export interface ResultadoValidacao {
  valido: boolean;
  erros: string[];
}

const PACOTES = {
  nfe: { pasta: path.join('nfe', PACOTE_ESQUEMAS), arquivo: ARQUIVO_DO_ESQUEMA.nfe },
  nfse: { pasta: path.join('nfse', PACOTE_ESQUEMAS_NFSE), arquivo: ARQUIVO_DO_ESQUEMA.DPS },
} as const;

/**
 * A package's schema folder, found from this file (src/ under vitest and tsx) or the bundle
 * (dist/).
 */
export function pastaDosEsquemas(pacote: keyof typeof PACOTES = 'nfe'): string {
  const { pasta, arquivo } = PACOTES[pacote];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let nivel = 0; nivel < 8; nivel++) {
    const candidata = path.join(dir, 'esquemas', pasta);
    if (fs.existsSync(path.join(candidata, arquivo))) return candidata;
    dir = path.dirname(dir);
  }
  throw new Error(`Pasta dos esquemas (esquemas/${pasta}) não encontrada.`);
}

/** Documents validated in one xmllint run (one schema parse). */
const LOTE_MAXIMO = 16;

// Runs inside the worker (CommonJS, by eval): compiles the wasm once, then runs xmllint's main
// for one request at a time (each run takes a fresh 16 MB heap), taking together the requests
// queued for the same schema so libxml2 parses that schema once for all of them.
const CODIGO_DO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const criar = require(workerData.modulo);
const compilado = new WebAssembly.Module(fs.readFileSync(workerData.wasm));
const fila = [];
let ocupado = false;

function proximo() {
  if (ocupado || fila.length === 0) return;
  const esquema = fila[0].esquema;
  const lote = [];
  for (let i = 0; i < fila.length && lote.length < ${LOTE_MAXIMO}; ) {
    if (fila[i].esquema === esquema) lote.push(fila.splice(i, 1)[0]);
    else i++;
  }
  const nomes = lote.map((pedido) => 'documento-' + pedido.id + '.xml');
  let saida = '';
  let respondido = false;
  const terminar = (codigo) => {
    if (respondido) return;
    respondido = true;
    const linhas = saida.split('\\n');
    lote.forEach((pedido, i) => {
      parentPort.postMessage({
        prumo: true,
        id: pedido.id,
        codigo,
        valido: linhas.includes(nomes[i] + ' validates'),
        linhas: linhas.filter((linha) => linha.startsWith(nomes[i] + ':')),
        saida: saida.slice(0, 500),
      });
    });
    ocupado = false;
    proximo();
  };
  ocupado = true;
  try {
    criar({
      inputFiles: workerData.esquemas.concat(
        lote.map((pedido, i) => ({ fileName: nomes[i], contents: pedido.xml })),
      ),
      arguments: ['--schema', esquema, '--noout'].concat(nomes),
      print() {},
      printErr(texto) { saida += texto + '\\n'; },
      instantiateWasm(imports, pronto) {
        WebAssembly.instantiate(compilado, imports).then(pronto, (erro) => {
          saida += String(erro);
          terminar(-1);
        });
        return {};
      },
      onExit: terminar,
      onAbort(motivo) { saida += 'WASM Abort: ' + motivo; terminar(-1); },
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 4096 }),
    });
  } catch (erro) {
    saida += String(erro);
    terminar(-1);
  }
}

parentPort.on('message', (pedido) => {
  if (!pedido || pedido.prumo !== true) return;
  fila.push(pedido);
  proximo();
});
`;

interface Resposta {
  prumo: true;
  id: number;
  /** xmllint's exit code for the batch. */
  codigo: number;
  /** The document's "validates" line was printed. */
  valido: boolean;
  /** The lines about this document ("documento-ID.xml:LINHA: …"). */
  linhas: string[];
  saida: string;
}

/**
 * The schema without its documentation, comments and indentation: 60% fewer bytes for libxml2
 * to parse on every run, the same rules (patterns and values live in attributes).
 */
function semDocumentacao(xsd: string): string {
  return xsd
    .replace(/<xs:annotation>[\s\S]*?<\/xs:annotation>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><');
}

/**
 * Corrections to official files that libxml2 cannot compile, applied as they are loaded (the
 * files stay as published, their SHA-256 in ORIGEM.md). tiposSimples_v1.01.xsd (NFS-e) writes
 * TSSerieDPS's pattern in Perl syntax (anchors and a lookahead, which XSD regular expressions do
 * not have); the same rule in XSD syntax: 1 to 5 digits, not all zeros (maxLength 5 stays).
 */
const CORRECOES: Record<string, Array<[string, string]>> = {
  'tiposSimples_v1.01.xsd': [['value="^(?!0{1,5}$)\\d{1,5}$"', 'value="0{0,4}[1-9][0-9]{0,4}"']],
};

function corrigido(arquivo: string, xsd: string): string {
  let texto = xsd;
  for (const [de, para] of CORRECOES[arquivo] ?? []) {
    if (!texto.includes(de)) throw new Error(`Correção de ${arquivo} não se aplica: ${de}`);
    texto = texto.replace(de, para);
  }
  return texto;
}

let worker: Worker | undefined;
let proximoId = 0;
const pendentes = new Map<number, (resposta: Resposta | Error) => void>();

function iniciarWorker(): Worker {
  if (worker) return worker;
  const esquemas = (['nfe', 'nfse'] as const).flatMap((pacote) => {
    const pasta = pastaDosEsquemas(pacote);
    return fs
      .readdirSync(pasta)
      .filter((arquivo) => arquivo.endsWith('.xsd'))
      .map((arquivo) => ({
        fileName: arquivo,
        contents: semDocumentacao(
          corrigido(arquivo, fs.readFileSync(path.join(pasta, arquivo), 'utf8')),
        ),
      }));
  });
  const requerer = createRequire(import.meta.url);
  const novo = new Worker(CODIGO_DO_WORKER, {
    eval: true,
    workerData: {
      modulo: requerer.resolve('xmllint-wasm/xmllint-node.js'),
      wasm: requerer.resolve('xmllint-wasm/xmllint.wasm'),
      esquemas,
    },
  });
  novo.on('message', (resposta: Resposta) => {
    if (resposta?.prumo !== true) return;
    pendentes.get(resposta.id)?.(resposta);
    pendentes.delete(resposta.id);
    if (pendentes.size === 0) novo.unref();
  });
  const falhar = (erro: Error) => {
    if (worker === novo) worker = undefined;
    for (const resolver of pendentes.values()) resolver(erro);
    pendentes.clear();
  };
  novo.on('error', falhar);
  novo.on('exit', () => falhar(new Error('O validador de esquemas parou')));
  // Idle, the worker does not keep the process alive (tests and CLI commands end on their own).
  novo.unref();
  worker = novo;
  return novo;
}

function executar(xml: string, esquema: EsquemaNfe): Promise<Resposta> {
  const ativo = iniciarWorker();
  const id = ++proximoId;
  return new Promise((resolve, reject) => {
    pendentes.set(id, (resposta) =>
      resposta instanceof Error ? reject(resposta) : resolve(resposta),
    );
    ativo.ref();
    ativo.postMessage({ prumo: true, id, xml, esquema: ARQUIVO_DO_ESQUEMA[esquema] });
  });
}

/** Enough to fix a note; libxml2 may repeat one mistake for every item. */
const MAXIMO_DE_ERROS = 20;

const NAMESPACE =
  /\{http:\/\/www\.(portalfiscal\.inf\.br\/nfe|sped\.fazenda\.gov\.br\/nfse|w3\.org\/2000\/09\/xmldsig#)\}/g;

const TRADUCOES: [RegExp, string][] = [
  [
    /This element is not expected\. Expected is one of \( (.+) \)\./,
    'não era esperado aqui; esperado um de: $1.',
  ],
  [
    /This element is not expected\. Expected is \( (.+) \)\./,
    'não era esperado aqui; esperado: $1.',
  ],
  [/This element is not expected\./, 'não era esperado aqui.'],
  [
    /Missing child element\(s\)\. Expected is one of \( (.+) \)\./,
    'falta um elemento filho; esperado um de: $1.',
  ],
  [/Missing child element\(s\)\. Expected is \( (.+) \)\./, 'falta o elemento filho $1.'],
  [
    /\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern '(.+)'\./,
    "o valor '$1' não segue o padrão '$2'.",
  ],
  [
    /\[facet 'enumeration'\] The value '(.*)' is not an element of the set \{(.+)\}\./,
    "o valor '$1' não está entre os permitidos: $2.",
  ],
  [
    /\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'\./,
    'o valor tem $1 caracteres, mais que o máximo de $2.',
  ],
  [
    /\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'\./,
    'o valor tem $1 caracteres, menos que o mínimo de $2.',
  ],
  [
    /\[facet 'length'\] The value has a length of '(\d+)'; this differs from the allowed length of '(\d+)'\./,
    'o valor tem $1 caracteres, e deve ter $2.',
  ],
  [
    /The value '(.*)' does not match the fixed value constraint '(.*)'\./,
    "o valor '$1' difere do valor fixo '$2'.",
  ],
  [
    /'(.*)' is not a valid value of the (?:local )?(?:atomic|union|list) type(?: '(.+)')?\./,
    "'$1' não é um valor válido para o campo.",
  ],
  [/The attribute '(.+)' is required but missing\./, "falta o atributo obrigatório '$1'."],
  [/The attribute '(.+)' is not allowed\./, "o atributo '$1' não é permitido."],
  [
    /No matching global declaration available for the validation root\./,
    'o elemento raiz não é o esperado para este esquema.',
  ],
];

/** libxml2's English line → one pt-BR sentence naming the element. */
function traduzir(linha: string): string {
  const texto = linha
    .replace(/^documento-\d+\.xml:\d+:\s*/, '')
    .replace(/^(element \w+: )?Schemas validity error\s*:\s*/i, '')
    .replace(NAMESPACE, '')
    .trim();
  const elemento = /^Element '([^']+)'(?:, attribute '([^']+)')?:\s*(.*)$/s.exec(texto);
  if (!elemento) {
    return /parser error/i.test(linha)
      ? `O XML está malformado: ${texto.replace(/^.*parser error\s*:\s*/i, '')}`
      : `O XML não segue o esquema oficial: ${texto}`;
  }
  const [, nome, atributo, resto = ''] = elemento;
  let mensagem = resto;
  for (const [padrao, troca] of TRADUCOES) {
    if (padrao.test(resto)) {
      mensagem = resto.replace(padrao, troca).trim();
      break;
    }
  }
  const alvo = atributo ? `Atributo '${atributo}' do elemento '${nome}'` : `Elemento '${nome}'`;
  return `${alvo} fora do esquema oficial: ${mensagem}`;
}

/**
 * Validates `xml` against the official schema of `esquema` (a signed NF-e is `nfe`: the schema
 * requires the Signature). Errors come in pt-BR, one per problem libxml2 reports.
 */
export async function validarXml(xml: string, esquema: EsquemaNfe): Promise<ResultadoValidacao> {
  const { codigo, valido, linhas, saida } = await executar(xml, esquema);
  // xmllint's exit codes: 0 valid, 1 malformed, 3 and 4 invalid; any other (5: the schema does
  // not compile, -1: the wasm aborted) is the validator's fault, not the document's.
  if (![0, 1, 3, 4].includes(codigo)) {
    throw new Error(`O validador de esquemas falhou (código ${codigo}): ${saida}`);
  }
  if (valido) return { valido: true, erros: [] };
  // A parser error also prints the offending text and a caret: only the lines with a position.
  const erros = linhas
    .filter((linha) => /^documento-\d+\.xml:\d+:/.test(linha))
    .slice(0, MAXIMO_DE_ERROS)
    .map(traduzir);
  return {
    valido: false,
    erros: erros.length > 0 ? erros : ['O XML não segue o esquema oficial'],
  };
}
