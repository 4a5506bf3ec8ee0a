// Business rules of the service catalogue (spec part 2, sections 2.9, 3.7, 5, 8 and 9), free of
// zod so that the screens, the server and the service-order PDF use exactly the same code.

/** Category saved when none is given (the spec's fixed "Geral"). */
export const CATEGORIA_SERVICO_PADRAO = 'Geral';

/** Default duration in minutes (the spec's fixed "1 hora"; section 9's 60 minutes). */
export const DURACAO_SERVICO_PADRAO = 60;

/** The longest duration accepted: 30 days, in minutes. */
export const DURACAO_SERVICO_MAX = 30 * 24 * 60;

/** Largest page of GET /api/servicos?limit=. */
export const SERVICOS_LIMIT_MAX = 500;

/**
 * Where the service's ISS is due (the NFS-e): the município of the company's establishment (the
 * rule of LC 116, art. 3) or, for the services the law sends there, the customer's.
 */
export const LOCAIS_INCIDENCIA_ISS = ['estabelecimento', 'tomador'] as const;
export type LocalIncidenciaIss = (typeof LOCAIS_INCIDENCIA_ISS)[number];
export const LOCAL_INCIDENCIA_ISS_LABELS: Record<LocalIncidenciaIss, string> = {
  estabelecimento: 'Município da empresa (estabelecimento)',
  tomador: 'Município do cliente (tomador)',
};

/** The ISS rate's ceiling (LC 116, art. 8, II: 5 %). */
export const ALIQUOTA_ISS_MAXIMA = 5;

export const SERVICO_MESSAGES = {
  nomeObrigatorio: 'Nome do serviço é obrigatório',
  valorVendaObrigatorio: 'Valor de venda é obrigatório',
  valorNegativo: 'Informe um valor maior ou igual a zero',
  precoDivergente: 'preco e valorVenda são o mesmo valor: informe apenas um, ou os dois iguais',
  duracao: `Informe a duração em minutos (de 1 a ${DURACAO_SERVICO_MAX}) ou como "1 hora", "1h30", "45 min"`,
  ncm: 'NCM deve ter 8 dígitos',
  cfop: 'CFOP deve ter 4 dígitos, começando por 1, 2, 3, 5, 6 ou 7',
  fornecedor: 'Selecione um fornecedor cadastrado',
  codigoTributacaoNacional:
    'Código de tributação nacional inválido: escolha um da lista de serviços',
  nbs: 'Código NBS deve ter 9 dígitos',
  aliquotaIss: `Alíquota do ISS deve estar entre 0% e ${ALIQUOTA_ISS_MAXIMA}%`,
  aliquotaIssDecimais: 'Alíquota do ISS: use no máximo duas casas decimais',
  localIncidenciaIss: 'Escolha onde o ISS é devido: município da empresa ou do cliente',
  issRetido: 'Informe verdadeiro ou falso',
  codigoInternoDuplicado: 'Já existe um serviço com este código interno',
  naoEncontrado: 'Serviço não encontrado.',
  emUso: (onde: string) =>
    `Este serviço é usado em ${onde} e não pode ser excluído. Desative-o em vez disso.`,
  // Feedback of the screens (section 8), verbatim
  cadastrado: 'Serviço cadastrado com sucesso!',
  atualizado: 'Serviço atualizado com sucesso!',
  excluido: 'Serviço excluído com sucesso!',
  erroCadastrar: (mensagem: string) => `Erro ao cadastrar serviço: ${mensagem}`,
  erroAtualizar: (mensagem: string) => `Erro ao atualizar serviço: ${mensagem}`,
  erroCadastrarRede: 'Erro ao cadastrar serviço. Tente novamente.',
  erroAtualizarRede: 'Erro ao atualizar serviço. Tente novamente.',
  erroCarregar: 'Erro ao carregar dados do serviço',
  erroExcluir: 'Erro ao excluir serviço',
  carregando: 'Carregando dados do serviço...',
  confirmarExclusao: 'Tem certeza que deseja excluir este serviço?',
} as const;

const HORAS = String.raw`(\d{1,3})\s*(?:h|hs|hr|hrs|hora|horas)`;
const MINUTOS = String.raw`(\d{1,5})\s*(?:m|min|mins|minuto|minutos)?`;
const DURACAO_TEXTO = new RegExp(
  String.raw`^(?:${HORAS}(?:\s*(?:e\s*)?${MINUTOS})?|(\d{1,5})\s*(?:m|min|mins|minuto|minutos))$`,
  'i',
);

/**
 * A duration typed as text, in minutes: "1 hora" (the spec's fixed value) is 60, "2 horas" 120,
 * "1h30" and "1 h 30 min" 90, "45 min" 45, a bare "90" 90. Anything else is undefined.
 */
export function parseDuracao(texto: string): number | undefined {
  const value = texto.trim();
  if (/^\d{1,5}$/.test(value)) return Number(value);
  const match = DURACAO_TEXTO.exec(value);
  if (!match) return undefined;
  const [, horas, minutos, soMinutos] = match;
  if (soMinutos !== undefined) return Number(soMinutos);
  return Number(horas) * 60 + Number(minutos ?? 0);
}

/** Minutes as people read them: "45 min", "1 h", "1 h 30 min", "2 d 3 h". */
export function formatDuracao(minutos: number | null | undefined): string {
  if (minutos == null || !Number.isFinite(minutos) || minutos <= 0) return '—';
  const total = Math.round(minutos);
  const dias = Math.floor(total / 1440);
  const horas = Math.floor((total % 1440) / 60);
  const resto = total % 60;
  const partes = [
    dias > 0 ? `${dias} d` : '',
    horas > 0 ? `${horas} h` : '',
    resto > 0 ? `${resto} min` : '',
  ];
  return partes.filter(Boolean).join(' ');
}

/** NCM and CFOP are stored as digits only: "8471.30.12" → "84713012", "5.933" → "5933". */
export function semSeparadores(texto: string): string {
  return texto.replace(/[\s.\-/]/g, '');
}

/** A CFOP: four digits, the first saying entry (1–3) or exit (5–7). */
export function isCfop(codigo: string): boolean {
  return /^[123567]\d{3}$/.test(codigo);
}
