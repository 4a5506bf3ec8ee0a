// The DPS of the national NFS-e (Sistema Nacional NFS-e, layout 1.01, DPS_v1.01.xsd), unsigned,
// without XML declaration and without whitespace between tags, elements in the schema's order.
// nfse.ts signs it (enveloped on infDPS) and validates it against the official schema. The
// IBS/CBS group of the tax reform stays out: optional in 2026 (research/fiscal.md, section 5).
import { dataHoraFiscal } from '../nfe/nfe-xml';
import { dinheiro, escapar, somenteDigitos, tag, texto, textoFiscal } from '../xml-texto';
import type { DpsDados, EnderecoNacional, Prestador, Tomador } from './dps-dados';

export const NAMESPACE_NFSE = 'http://www.sped.fazenda.gov.br/nfse';
export const VERSAO_DPS = '1.01';
/** verAplic: the issuing application and its version. */
export const VERSAO_APLICATIVO = 'Prumo 1.0';

export interface DpsMontada {
  xml: string;
  /** infDPS's Id: "DPS" + cLocEmi + tpInsc + inscrição + série + número (45 characters). */
  id: string;
  /** vServ − vDescIncond, in centavos: what the customer pays. */
  liquidoCentavos: number;
}

/**
 * The DPS's Id: "DPS", the issuing município (7), the kind of registration (1 CPF, 2 CNPJ), the
 * registration (14, a CPF left-padded with zeros), the série (5) and the number (15).
 */
export function idDaDps(dados: {
  municipioEmissor: number;
  cnpj?: string | null;
  cpf?: string | null;
  serie: number;
  numero: number;
}): string {
  const cnpj = somenteDigitos(dados.cnpj);
  const inscricao = cnpj !== '' ? cnpj : somenteDigitos(dados.cpf);
  return (
    'DPS' +
    String(dados.municipioEmissor).padStart(7, '0') +
    (cnpj !== '' ? '2' : '1') +
    inscricao.padStart(14, '0') +
    String(dados.serie).padStart(5, '0') +
    String(dados.numero).padStart(15, '0')
  );
}

/** A rate as TSDec1V2 / TSDec2V2 want it: "2.00", "0". */
function percentual(valor: number): string {
  return valor === 0 ? '0' : valor.toFixed(2);
}

/** CNPJ or CPF, as the choice that opens a person's group. */
function inscricao(pessoa: { cnpj?: string | null; cpf?: string | null }): string {
  const cnpj = somenteDigitos(pessoa.cnpj);
  return cnpj !== '' ? tag('CNPJ', cnpj) : tag('CPF', somenteDigitos(pessoa.cpf));
}

function contato(pessoa: { telefone?: string | null; email?: string | null }): string {
  const fone = somenteDigitos(pessoa.telefone);
  return (
    (fone.length >= 6 ? tag('fone', fone.slice(0, 20)) : '') +
    texto('email', pessoa.email, 80, true)
  );
}

function endereco(end: EnderecoNacional): string {
  return tag(
    'end',
    tag(
      'endNac',
      tag('cMun', String(end.codigoMunicipio).padStart(7, '0')) +
        tag('CEP', somenteDigitos(end.cep)),
    ) +
      texto('xLgr', end.logradouro, 255) +
      texto('nro', end.numero || 'S/N', 60) +
      texto('xCpl', end.complemento, 156, true) +
      texto('xBairro', end.bairro, 60),
  );
}

function prest(prestador: Prestador): string {
  const simplesMeEpp = prestador.opcaoSimplesNacional === 3;
  return tag(
    'prest',
    inscricao(prestador) +
      texto('IM', prestador.inscricaoMunicipal, 15, true) +
      contato(prestador) +
      tag(
        'regTrib',
        tag('opSimpNac', prestador.opcaoSimplesNacional) +
          (simplesMeEpp ? tag('regApTribSN', prestador.regimeApuracaoSimples ?? 1) : '') +
          tag('regEspTrib', prestador.regimeEspecial),
      ),
  );
}

function toma(tomador: Tomador): string {
  return tag(
    'toma',
    inscricao(tomador) +
      texto('IM', tomador.inscricaoMunicipal, 15, true) +
      texto('xNome', tomador.nome, 300) +
      (tomador.endereco ? endereco(tomador.endereco) : '') +
      contato(tomador),
  );
}

/**
 * Whether the DPS states the ISS rate (pAliq). The national issuer keeps each member município's
 * rates and takes its own, so the rate is refused (E0600, E0604, E0617, E0625, E0635 of the
 * layout's business rules, Anexo I) except in one case, where it is required (E0621): an ME/EPP
 * of the Simples paying the ISS in the DAS (regApTribSN 1) whose customer withholds the tax.
 * Prumo issues only in municípios that use the national issuer, so their rules are the ones
 * that apply.
 */
export function informaAliquotaIss(
  prestador: Pick<Prestador, 'opcaoSimplesNacional' | 'regimeApuracaoSimples' | 'regimeEspecial'>,
  issRetido: boolean,
): boolean {
  return (
    prestador.regimeEspecial === 0 &&
    prestador.opcaoSimplesNacional === 3 &&
    (prestador.regimeApuracaoSimples ?? 1) === 1 &&
    issRetido
  );
}

/** The least rate an ME/EPP of the Simples may state when its ISS is withheld (E0621). */
export const ALIQUOTA_ISS_MINIMA_RETIDA = 1.8;

function valores(dados: DpsDados): string {
  const v = dados.valores;
  const desconto =
    v.descontoIncondicionadoCentavos > 0
      ? tag('vDescCondIncond', tag('vDescIncond', dinheiro(v.descontoIncondicionadoCentavos)))
      : '';
  const tribMun =
    tag('tribISSQN', v.tributacaoIssqn) +
    tag('tpRetISSQN', v.issRetido ? 2 : 1) +
    (informaAliquotaIss(dados.prestador, v.issRetido) && typeof v.aliquotaIss === 'number'
      ? tag('pAliq', percentual(v.aliquotaIss))
      : '');
  const totTrib =
    v.percentualSimples !== null && v.percentualSimples !== undefined
      ? tag('pTotTribSN', percentual(v.percentualSimples))
      : tag('indTotTrib', 0);
  return tag(
    'valores',
    tag('vServPrest', tag('vServ', dinheiro(v.servicoCentavos))) +
      desconto +
      tag('trib', tag('tribMun', tribMun) + tag('totTrib', totTrib)),
  );
}

/**
 * Builds the DPS. Throws (pt-BR) only on data no DPS can carry (no service value, a discount
 * above it, a number out of the layout's range); what a user can fix is checked before.
 */
export function montarDps(dados: DpsDados): DpsMontada {
  const v = dados.valores;
  if (!(v.servicoCentavos > 0)) throw new Error('O valor dos serviços deve ser maior que zero');
  if (
    v.descontoIncondicionadoCentavos < 0 ||
    v.descontoIncondicionadoCentavos > v.servicoCentavos
  ) {
    throw new Error('O desconto é maior que o valor dos serviços');
  }
  if (!(dados.serie >= 1 && dados.serie <= 99_999))
    throw new Error('Série da DPS fora de 1 a 99999');
  if (!(dados.numero >= 1 && dados.numero <= 999_999_999_999_999)) {
    throw new Error('Número da DPS fora do limite');
  }
  const id = idDaDps({
    municipioEmissor: dados.municipioEmissor,
    cnpj: dados.prestador.cnpj,
    serie: dados.serie,
    numero: dados.numero,
  });
  const servico = dados.servico;
  const complemento = textoFiscal(servico.informacoesComplementares, 2000);
  const codigoInterno = (servico.codigoInterno ?? '').replace(/[^a-zA-Z0-9]/g, '').slice(0, 20);
  const infDps = [
    tag('tpAmb', dados.tpAmb),
    tag('dhEmi', dataHoraFiscal(dados.emitidaEm, dados.timeZone).texto),
    texto('verAplic', VERSAO_APLICATIVO, 20),
    tag('serie', dados.serie),
    tag('nDPS', dados.numero),
    tag('dCompet', dados.competencia),
    tag('tpEmit', 1),
    tag('cLocEmi', String(dados.municipioEmissor).padStart(7, '0')),
    prest(dados.prestador),
    dados.tomador ? toma(dados.tomador) : '',
    tag(
      'serv',
      tag('locPrest', tag('cLocPrestacao', String(servico.municipioPrestacao).padStart(7, '0'))) +
        tag(
          'cServ',
          tag('cTribNac', somenteDigitos(servico.codigoTributacaoNacional)) +
            texto('xDescServ', servico.descricao, 2000) +
            tag('cNBS', somenteDigitos(servico.codigoNbs)) +
            (codigoInterno !== '' ? tag('cIntContrib', codigoInterno) : ''),
        ) +
        (complemento !== '' ? tag('infoCompl', tag('xInfComp', escapar(complemento))) : ''),
    ),
    valores(dados),
  ].join('');
  return {
    xml: `<DPS xmlns="${NAMESPACE_NFSE}" versao="${VERSAO_DPS}"><infDPS Id="${id}">${infDps}</infDPS></DPS>`,
    id,
    liquidoCentavos: v.servicoCentavos - v.descontoIncondicionadoCentavos,
  };
}
