/**
 * Everything one DPS (Declaração de Prestação de Serviço, national NFS-e layout 1.01) says, in
 * the words of the layout, written into XML by dps-xml.ts. A DPS declares one service code
 * (cTribNac): an order with services of several codes makes one DPS per code. Money is in integer
 * centavos; rates in percent.
 */
export interface DpsDados {
  /** tpAmb: 1 produção; 2 produção restrita (homologação) and the simulation. */
  tpAmb: 1 | 2;
  /** dhEmi, written with the offset of `timeZone`. */
  emitidaEm: Date;
  timeZone: string;
  /** dCompet: the day the service was rendered (AAAA-MM-DD). */
  competencia: string;
  /** serie (1 to 99999) and nDPS (1 to 15 digits) of the company's DPS sequence. */
  serie: number;
  numero: number;
  /** cLocEmi: the IBGE code of the company's município. */
  municipioEmissor: number;
  prestador: Prestador;
  /** The customer (tomador): absent only for a service to an unidentified consumer. */
  tomador?: Tomador;
  servico: Servico;
  valores: Valores;
}

/** The company (prestador). Its name and address come from the national registry: left out. */
export interface Prestador {
  cnpj: string;
  inscricaoMunicipal?: string | null;
  telefone?: string | null;
  email?: string | null;
  /** opSimpNac: 1 não optante, 2 MEI, 3 ME/EPP. */
  opcaoSimplesNacional: 1 | 2 | 3;
  /** regApTribSN (ME/EPP only): 1 all in the Simples; 2 ISSQN outside; 3 all outside. */
  regimeApuracaoSimples?: 1 | 2 | 3 | null;
  /** regEspTrib: 0 nenhum … 6 sociedade de profissionais. */
  regimeEspecial: 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

export interface EnderecoNacional {
  /** IBGE code, 7 digits. */
  codigoMunicipio: number;
  /** 8 digits. */
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
}

export interface Tomador {
  cpf?: string | null;
  cnpj?: string | null;
  inscricaoMunicipal?: string | null;
  nome: string;
  endereco?: EnderecoNacional;
  telefone?: string | null;
  email?: string | null;
}

export interface Servico {
  /** cLocPrestacao: where the service was rendered (IBGE). */
  municipioPrestacao: number;
  /** cTribNac: 6 digits of the national list (LC 116 item, subitem, national breakdown). */
  codigoTributacaoNacional: string;
  /** cNBS: 9 digits. */
  codigoNbs: string;
  /** xDescServ: what was done (up to 2,000 characters). */
  descricao: string;
  /** cIntContrib: the company's own code of the service (letters and digits). */
  codigoInterno?: string | null;
  /** infoCompl/xInfComp: complementary information (the order's number, a note). */
  informacoesComplementares?: string | null;
}

export interface Valores {
  /** vServ: the services' total before discounts. */
  servicoCentavos: number;
  /** vDescIncond: the discount given on the document. */
  descontoIncondicionadoCentavos: number;
  /** tribISSQN: 1 operação tributável, 2 imunidade, 3 exportação, 4 não incidência. */
  tributacaoIssqn: 1 | 2 | 3 | 4;
  /** tpRetISSQN 2 (withheld by the customer) when true; 1 otherwise. */
  issRetido: boolean;
  /** pAliq: the ISS rate, percent (0 to 5). */
  aliquotaIss?: number | null;
  /** totTrib/pTotTribSN: the Simples Nacional's rate, percent; absent → indTotTrib 0. */
  percentualSimples?: number | null;
}
