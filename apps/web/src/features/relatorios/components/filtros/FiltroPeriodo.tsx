import { Select } from '@mantine/core';
import { todayISO } from '@prumo/shared/dates';
import { PeriodoFiltro, periodoDaUrl } from '../../../../components/list/PeriodoFiltro';
import {
  ATALHOS_PERIODO,
  atalhoDoPeriodo,
  periodoDoAtalho,
  periodoEfetivo,
  type AtalhoPeriodo,
} from '../../periodos';
import { RELATORIO_TEXTOS as T } from '../../textos';
import type { CampoFiltroProps } from './tipos';

const OPCOES = [...ATALHOS_PERIODO, { value: 'personalizado', label: T.personalizado }];

/**
 * The period: a shortcut (Hoje … Últimos 12 meses) or any two days. An address without days
 * shows the current month, which is what the server reads then.
 */
export function FiltroPeriodo({ valores, mudar }: CampoFiltroProps) {
  const hoje = todayISO();
  const daUrl = periodoDaUrl(valores);
  const periodo = periodoEfetivo(daUrl.de, daUrl.ate, hoje);
  return (
    <>
      <Select
        label={T.periodo}
        w={170}
        allowDeselect={false}
        data={OPCOES}
        value={atalhoDoPeriodo(periodo, hoje) ?? 'personalizado'}
        onChange={(atalho) => {
          if (!atalho || atalho === 'personalizado') return;
          mudar({ ...periodoDoAtalho(atalho as AtalhoPeriodo, hoje) });
        }}
      />
      <PeriodoFiltro
        rotulo={T.data}
        de={periodo.de}
        ate={periodo.ate}
        onChange={(dia) =>
          mudar(Object.fromEntries(Object.entries(dia).map(([k, v]) => [k, v || null])))
        }
      />
    </>
  );
}
