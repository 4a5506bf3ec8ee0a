import {
  calcularTotaisOS,
  OS_MESSAGES,
  ordemServicoInputSchema,
  type CanalVendaOS,
  type OrdemServico,
  type OrdemServicoInputValues,
  type PrioridadeOS,
  type TotaisOS,
} from '@prumo/shared/ordens-servico';
import type {
  LinhaProdutoForm as LinhaProduto,
  LinhaServicoForm as LinhaServico,
} from '../../components/form/LinhasSection';
import {
  DOCUMENTO_VAZIO,
  documentoParaForm,
  linhasParaCalculo,
  linhasParaInput,
  type DocumentoForm,
} from '../../lib/documento-form';
import { errosDoSchema } from '../../lib/form-errors';
import { escolhido, numero, texto } from '../../lib/form-values';
import { agoraLocal, isoParaLocal, localParaIso } from './data-hora';

/**
 * The order's form: the API's fields by their API names (so the server's "produtos.0.quantidade"
 * lands on its field), plus the names the pickers and lines show, which are not sent. An order's
 * lines always come from the catalogues.
 */
export interface LinhaProdutoForm extends LinhaProduto {
  produto_id: number;
}

export interface LinhaServicoForm extends LinhaServico {
  servico_id: number;
}

/** A customer or employee as the pickers hold it. */
export interface Escolhido {
  id: number;
  nome: string;
}

export interface OsFormValues extends DocumentoForm {
  cliente: Escolhido | null;
  /** "aaaa-mm-dd hh:mm:ss" on the company's clock. */
  data_entrada: string | null;
  data_saida: string | null;
  prazo: string | null;
  canal_venda: CanalVendaOS;
  centro_custo: string;
  prioridade: PrioridadeOS;
  vendedor: Escolhido | null;
  tecnico: Escolhido | null;
  equipamento: string;
  marca: string;
  modelo: string;
  numero_serie: string;
  condicoes: string;
  defeitos: string;
  acessorios: string;
  solucao: string;
  laudo: string;
  termos: string;
  produtos: LinhaProdutoForm[];
  servicos: LinhaServicoForm[];
  frete: number | null;
  outros: number | null;
  desconto: number | null;
  exibir_total: boolean;
}

/** A new order: entered now, presencial, média, the total shown on print. */
export function novaOsValues(agora = agoraLocal()): OsFormValues {
  return {
    cliente: null,
    data_entrada: agora,
    data_saida: null,
    prazo: null,
    canal_venda: 'presencial',
    centro_custo: '',
    prioridade: 'media',
    vendedor: null,
    tecnico: null,
    equipamento: '',
    marca: '',
    modelo: '',
    numero_serie: '',
    condicoes: '',
    defeitos: '',
    acessorios: '',
    solucao: '',
    laudo: '',
    termos: '',
    ...DOCUMENTO_VAZIO,
    frete: 0,
    outros: 0,
    desconto: 0,
    exibir_total: true,
  };
}

/** A saved order in the form. */
export function osParaValues(os: OrdemServico): OsFormValues {
  return {
    cliente: escolhido(os.cliente_id, os.cliente_nome),
    data_entrada: isoParaLocal(os.data_entrada),
    data_saida: isoParaLocal(os.data_saida),
    prazo: os.prazo,
    canal_venda: os.canal_venda,
    centro_custo: texto(os.centro_custo),
    prioridade: os.prioridade,
    vendedor: escolhido(os.vendedor_id, os.vendedor_nome),
    tecnico: escolhido(os.tecnico_id, os.tecnico_nome),
    equipamento: texto(os.equipamento),
    marca: texto(os.marca),
    modelo: texto(os.modelo),
    numero_serie: texto(os.numero_serie),
    condicoes: texto(os.condicoes),
    defeitos: texto(os.defeitos),
    acessorios: texto(os.acessorios),
    solucao: texto(os.solucao),
    laudo: texto(os.laudo),
    termos: texto(os.termos),
    ...documentoParaForm(os),
    frete: os.frete,
    outros: os.outros,
    desconto: os.desconto,
    exibir_total: os.exibir_total,
  };
}

/** What is sent (POST/PUT): the API's fields only, the clock times as instants. */
export function valuesParaInput(values: OsFormValues): OrdemServicoInputValues {
  const { cliente, vendedor, tecnico, produtos, servicos, data_entrada, data_saida, ...resto } =
    values;
  return {
    ...resto,
    // No customer is sent as it is, so the schema says it is missing.
    cliente_id: cliente?.id as number,
    vendedor_id: vendedor?.id ?? null,
    tecnico_id: tecnico?.id ?? null,
    data_entrada: localParaIso(data_entrada),
    data_saida: localParaIso(data_saida),
    // An order's lines always come from the catalogues: each is named by its id.
    ...linhasParaInput({ produtos, servicos }),
  };
}

/** The live totals of the form, computed as the server computes them (calcularTotaisOS). */
export function totaisDoForm(
  values: Pick<OsFormValues, 'produtos' | 'servicos' | 'frete' | 'outros' | 'desconto'>,
): TotaisOS {
  return calcularTotaisOS(linhasParaCalculo(values.produtos), linhasParaCalculo(values.servicos), {
    frete: numero(values.frete),
    outros: numero(values.outros),
    desconto: numero(values.desconto),
  });
}

/** The API's names of the pickers' fields, and the form's (for the server's field errors). */
export const CAMPOS_DO_FORM: Record<string, string> = {
  cliente_id: 'cliente',
  vendedor_id: 'vendedor',
  tecnico_id: 'tecnico',
};

/**
 * Every problem of the form, by field name: the shared schema's messages, then the totals' (a
 * line's discount above its value, the order's discount above its total), which the server
 * answers the same way.
 */
export function errosDoForm(values: OsFormValues): Record<string, string> {
  const erros = errosDoSchema(ordemServicoInputSchema, valuesParaInput(values), CAMPOS_DO_FORM);
  // The schema checks the exit against the entry only once every field is valid; say it now.
  const entrada = localParaIso(values.data_entrada);
  const saida = localParaIso(values.data_saida);
  if (entrada && saida && Date.parse(saida) < Date.parse(entrada)) {
    erros.data_saida ??= OS_MESSAGES.dataSaidaAntes;
  }
  for (const [campo, mensagem] of Object.entries(totaisDoForm(values).erros)) {
    erros[campo] ??= mensagem;
  }
  return erros;
}
