import { Input, SegmentedControl, Select } from '@mantine/core';
import { todayISO } from '@prumo/shared/dates';
import {
  AGRUPAMENTOS,
  BASES_FINANCEIRAS,
  RELATORIO_MESSAGES,
  type FiltroRelatorio,
} from '@prumo/shared/relatorios';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useCategorias } from '../../../../api/categorias';
import { useVendedores } from '../../../../api/usuarios';
import { RELATORIO_TEXTOS as T } from '../../textos';
import { FiltroCliente } from './FiltroCliente';
import { DateInputBR } from '../../../../components/inputs/DateInputBR';
import { FiltroNumeros } from './FiltroNumeros';
import { FiltroPeriodo } from './FiltroPeriodo';
import type { CampoFiltroProps, DefinicaoFiltro } from './tipos';

const ROTULO_AGRUPAR: Record<(typeof AGRUPAMENTOS)[number], string> = {
  dia: 'Dia',
  semana: 'Semana',
  mes: 'Mês',
};

function FiltroAgrupar({ valores, mudar }: CampoFiltroProps) {
  const valor = valores.get('agrupar');
  return (
    <Input.Wrapper label={T.agrupar}>
      <SegmentedControl
        display="flex"
        aria-label={T.agrupar}
        data={AGRUPAMENTOS.map((value) => ({ value, label: ROTULO_AGRUPAR[value] }))}
        value={AGRUPAMENTOS.some((a) => a === valor) ? valor! : 'dia'}
        onChange={(agrupar) => mudar({ agrupar: agrupar === 'dia' ? null : agrupar })}
      />
    </Input.Wrapper>
  );
}

/**
 * A filter chosen from a list: its parameter holds the option's value. Without `padrao`, none
 * means all; with it, the server's choice when none is sent, shown and not clearable.
 */
function SelectFiltro({
  label,
  param,
  data,
  padrao,
  valores,
  mudar,
}: CampoFiltroProps & {
  label: string;
  param: string;
  data: readonly { value: string; label: string }[];
  padrao?: string;
}) {
  return (
    <Select
      label={label}
      w={200}
      placeholder={T.todos}
      searchable={data.length > 6}
      clearable={padrao === undefined}
      allowDeselect={padrao === undefined}
      data={[...data]}
      value={valores.get(param) ?? padrao ?? null}
      onChange={(valor) => mudar({ [param]: valor === padrao ? null : valor })}
      nothingFoundMessage={T.nadaEncontrado}
    />
  );
}

/** The sellers are the system's active users (GET /api/usuarios/vendedores, any role). */
function FiltroVendedor(props: CampoFiltroProps) {
  const vendedores = useVendedores();
  const data = (vendedores.data ?? []).map((u) => ({ value: String(u.id), label: u.nome }));
  return <SelectFiltro {...props} label={T.vendedor} param="vendedor_id" data={data} />;
}

function FiltroCategoria(props: CampoFiltroProps) {
  const categorias = useCategorias();
  const data = (categorias.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }));
  return <SelectFiltro {...props} label={T.categoria} param="categoria_id" data={data} />;
}

const FORMAS = FORMAS_PAGAMENTO.map(({ value, label }) => ({ value, label }));

function FiltroFormaPagamento(props: CampoFiltroProps) {
  return <SelectFiltro {...props} label={T.formaPagamento} param="forma_pagamento" data={FORMAS} />;
}

/** A position or an aging on one day: the `ate` parameter, today when absent. */
function FiltroData({ valores, mudar }: CampoFiltroProps) {
  return (
    <DateInputBR
      label={T.naData}
      w={160}
      value={valores.get('ate') || todayISO()}
      onChange={(dia) => mudar({ ate: dia ? String(dia).slice(0, 10) : null })}
    />
  );
}

const NATUREZAS = [
  { value: 'receber', label: 'A receber' },
  { value: 'pagar', label: 'A pagar' },
];

function FiltroNatureza(props: CampoFiltroProps) {
  return <SelectFiltro {...props} label={T.natureza} param="natureza" data={NATUREZAS} />;
}

function FiltroBase(props: CampoFiltroProps) {
  return (
    <SelectFiltro
      {...props}
      label={T.base}
      param="base"
      data={BASES_FINANCEIRAS}
      padrao="vencimento"
    />
  );
}

function FiltroDias(props: CampoFiltroProps) {
  return (
    <FiltroNumeros
      {...props}
      campos={[{ param: 'dias', label: T.dias, padrao: 90 }]}
      min={1}
      max={3650}
      suffix=" dias"
      mensagem={RELATORIO_MESSAGES.dias}
    />
  );
}

function FiltroFaixas(props: CampoFiltroProps) {
  return (
    <FiltroNumeros
      {...props}
      campos={[
        { param: 'faixa1', label: T.faixa(1), padrao: 30 },
        { param: 'faixa2', label: T.faixa(2), padrao: 60 },
        { param: 'faixa3', label: T.faixa(3), padrao: 90 },
      ]}
      min={1}
      max={3650}
      crescentes
      suffix=" dias"
      mensagem={RELATORIO_MESSAGES.faixas}
    />
  );
}

function FiltroLimitesAbc(props: CampoFiltroProps) {
  return (
    <FiltroNumeros
      {...props}
      campos={[
        { param: 'abc_a', label: T.classeA, padrao: 80 },
        { param: 'abc_b', label: T.classeB, padrao: 95 },
      ]}
      min={1}
      max={99}
      crescentes
      suffix="%"
      mensagem={RELATORIO_MESSAGES.limitesAbc}
    />
  );
}

/**
 * Each filter a report may read (FILTROS_RELATORIO), its query parameters and its field. A new
 * filter of the server is one entry here; one without an entry yet shows no field, and its
 * parameter of the same name still goes from the address to the server.
 */
export const FILTROS: Partial<Record<FiltroRelatorio, DefinicaoFiltro>> = {
  periodo: { params: ['de', 'ate'], Campo: FiltroPeriodo },
  agrupar: { params: ['agrupar'], Campo: FiltroAgrupar },
  vendedor_id: { params: ['vendedor_id'], Campo: FiltroVendedor },
  cliente_id: { params: ['cliente_id'], Campo: FiltroCliente },
  categoria_id: { params: ['categoria_id'], Campo: FiltroCategoria },
  forma_pagamento: { params: ['forma_pagamento'], Campo: FiltroFormaPagamento },
  limites_abc: { params: ['abc_a', 'abc_b'], Campo: FiltroLimitesAbc },
  data: { params: ['ate'], Campo: FiltroData },
  dias: { params: ['dias'], Campo: FiltroDias },
  natureza: { params: ['natureza'], Campo: FiltroNatureza },
  base: { params: ['base'], Campo: FiltroBase },
  faixas: { params: ['faixa1', 'faixa2', 'faixa3'], Campo: FiltroFaixas },
};

/** The query parameters a filter owns. */
export const paramsDoFiltro = (filtro: string): readonly string[] =>
  FILTROS[filtro as FiltroRelatorio]?.params ?? [filtro];
